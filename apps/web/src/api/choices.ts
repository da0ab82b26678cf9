import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CACHE } from './queryClient.js';

/** A value a free-text field offers as it is typed, and what the list shows for it. */
export type Choice = { value: string; label: string };

/** Offered at most; past that, the field still takes any text. */
export const MAX_CHOICES = 500;

/**
 * Stored rows offered as a field's choices, read once per settings cache period and only when
 * `enabled`. A refused or failed read offers nothing; the field stays free text.
 */
export function useChoices<Row>(o: {
  key: string;
  read: (signal: AbortSignal) => Promise<Row[]>;
  toChoice: (row: Row) => Choice;
  enabled?: boolean;
  /** No toast when the read fails. */
  silent?: boolean;
}): Choice[] {
  const list = useQuery({
    queryKey: [o.key],
    queryFn: ({ signal }) => o.read(signal),
    enabled: o.enabled ?? true,
    ...(o.silent ? { meta: { silent: true } } : {}),
    ...CACHE.settings,
  });
  const { toChoice } = o;
  return useMemo(() => (list.data ?? []).map(toChoice), [list.data, toChoice]);
}
