import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { db, rows } from './postgrest.js';
import { CACHE } from './queryClient.js';

/** A person offered where a spec names one by email (an incident rule's commander). */
export type PersonChoice = { value: string; label: string };

const choiceRow = z.object({ name: z.string().nullable(), email: z.string() });

/** Offered at most; past that, the field still takes any text. */
const MAX_CHOICES = 500;

/**
 * People with an email (agents have none), as the email a spec may name them by. Read only
 * when `enabled`; a refused or failed read offers nothing and the field stays free text.
 */
export function usePeopleChoices(enabled: boolean): PersonChoice[] {
  const list = useQuery({
    queryKey: ['people-choices'],
    queryFn: async ({ signal }) =>
      z
        .array(choiceRow)
        .parse(
          await rows(
            db
              .from('people')
              .select('name,email')
              .not('email', 'is', null)
              .is('deleted_at', null)
              .order('name')
              .limit(MAX_CHOICES)
              .abortSignal(signal),
          ),
        ),
    enabled,
    meta: { silent: true },
    ...CACHE.settings,
  });
  return useMemo(
    () => (list.data ?? []).map((p) => ({ value: p.email, label: p.name ?? p.email })),
    [list.data],
  );
}
