import { z } from 'zod';
import { MAX_CHOICES, useChoices, type Choice } from './choices.js';
import { db, rows } from './postgrest.js';

const choiceRow = z.object({ name: z.string(), namespace: z.string().nullable(), type: z.string() });
type ConnectionRow = z.infer<typeof choiceRow>;

const toChoice = (c: ConnectionRow): Choice => ({
  value: `connection://${c.namespace ?? 'default'}/${c.name}`,
  label: `${c.name} (${c.type})`,
});

/**
 * The stored connections as `connection://namespace/name` (what a check's or scraper's
 * `connection` field takes), from `connections_list`: names and types only, readable by every
 * signed-in user. A refused or failed read offers nothing; the field stays free text.
 */
export function useConnectionChoices(): Choice[] {
  return useChoices({
    key: 'connection-choices',
    read: async (signal) =>
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
    toChoice,
  });
}
