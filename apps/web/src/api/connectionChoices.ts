import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { db, rows } from './postgrest.js';
import { CACHE } from './queryClient.js';

/** A stored connection offered where a spec names one, as the spec writes it. */
export type ConnectionChoice = { value: string; label: string };

const choiceRow = z.object({ name: z.string(), namespace: z.string().nullable(), type: z.string() });

/** Offered at most; past that, the field still takes any text. */
const MAX_CHOICES = 500;

/**
 * The stored connections as `connection://namespace/name` (what a check's or scraper's
 * `connection` field takes), from `connections_list`: names and types only, readable by every
 * signed-in user. A refused or failed read offers nothing; the field stays free text.
 */
export function useConnectionChoices(): ConnectionChoice[] {
  const list = useQuery({
    queryKey: ['connection-choices'],
    queryFn: async ({ signal }) =>
      z
        .array(choiceRow)
        .parse(
          await rows(
            db
              .from('connections_list')
              .select('name,namespace,type')
              .order('name')
              .limit(MAX_CHOICES)
              .abortSignal(signal),
          ),
        ),
    ...CACHE.settings,
  });
  return useMemo(
    () =>
      (list.data ?? []).map((c) => ({
        value: `connection://${c.namespace ?? 'default'}/${c.name}`,
        label: `${c.name} (${c.type})`,
      })),
    [list.data],
  );
}
