import { z } from 'zod';
import { MAX_CHOICES, useChoices, type Choice } from './choices.js';
import { db, rows } from './postgrest.js';

const choiceRow = z.object({ name: z.string().nullable(), email: z.string() });
type PersonRow = z.infer<typeof choiceRow>;

const toChoice = (p: PersonRow): Choice => ({ value: p.email, label: p.name ?? p.email });

/**
 * People with an email (agents have none), as the email a spec may name them by (an incident
 * rule's commander). Read only when `enabled`; a refused or failed read offers nothing and
 * the field stays free text.
 */
export function usePeopleChoices(enabled: boolean): Choice[] {
  return useChoices({
    key: 'people-choices',
    read: async (signal) =>
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
    toChoice,
    enabled,
    silent: true,
  });
}
