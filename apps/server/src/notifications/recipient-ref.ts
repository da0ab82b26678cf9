import { z } from 'zod';
import type { Queryable } from '../db/types.js';

/**
 * A rule's team or person named before it exists (`to.team: sre` applied before the team):
 * kept in `notifications.recipient_ref` until it resolves (docs/specs-as-code.md).
 */
export const recipientRefSchema = z.union([
  z.object({ team: z.string().min(1) }).strict(),
  z.object({ person: z.string().min(1) }).strict(),
]);
export type RecipientRef = z.infer<typeof recipientRefSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live person by id or email. */
export async function findPerson(db: Queryable, ref: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    UUID.test(ref)
      ? 'SELECT id FROM people WHERE id = $1::uuid AND deleted_at IS NULL'
      : 'SELECT id FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [ref],
  );
  return rows[0]?.id;
}

/** A live team by id or name. */
export async function findTeam(db: Queryable, ref: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    UUID.test(ref)
      ? 'SELECT id FROM teams WHERE id = $1::uuid AND deleted_at IS NULL'
      : 'SELECT id FROM teams WHERE name = $1 AND deleted_at IS NULL',
    [ref],
  );
  return rows[0]?.id;
}

/** How a pending recipient is named in warnings and errors: "team sre not found". */
export function recipientRefProblem(ref: RecipientRef): string {
  return 'team' in ref ? `team ${ref.team} not found` : `person ${ref.person} not found`;
}

/**
 * Resolves a rule's pending recipient: found, it becomes the rule's person or team (and the
 * rule's error, which was about it, is cleared); not found, the reason. Not a hand edit of an
 * applied rule (opsdeck.keep_applied).
 */
export async function resolveRecipientRef(
  db: Queryable,
  ruleId: string,
  ref: RecipientRef,
): Promise<{ person_id: string | null; team_id: string | null } | { problem: string }> {
  const id = 'team' in ref ? await findTeam(db, ref.team) : await findPerson(db, ref.person);
  if (!id) return { problem: recipientRefProblem(ref) };
  const resolved = 'team' in ref ? { person_id: null, team_id: id } : { person_id: id, team_id: null };
  await db.query(
    `WITH keep AS (SELECT set_config('opsdeck.keep_applied', 'on', true))
     UPDATE notifications SET person_id = $2, team_id = $3, recipient_ref = NULL, error = NULL, error_at = NULL
     FROM keep WHERE id = $1`,
    [ruleId, resolved.person_id, resolved.team_id],
  );
  return resolved;
}

/** After teams are written: rules waiting for one of them by name now send to it. */
export async function resolvePendingTeams(tx: Queryable, teamIds: string[]): Promise<void> {
  await tx.query(
    `WITH keep AS (SELECT set_config('opsdeck.keep_applied', 'on', true))
     UPDATE notifications n SET team_id = t.id, recipient_ref = NULL, error = NULL, error_at = NULL
     FROM teams t, keep
     WHERE t.id = ANY ($1::uuid[]) AND t.deleted_at IS NULL
       AND n.deleted_at IS NULL AND n.recipient_ref ->> 'team' = t.name`,
    [teamIds],
  );
}

/** What a rule names that does not exist (yet): its pending team or person, or its playbook. */
export async function ruleUnresolved(db: Queryable, ruleId: string): Promise<string[]> {
  const { rows } = await db.query<{ recipient_ref: unknown; playbook: string | null; found: boolean }>(
    `SELECT n.recipient_ref,
       CASE WHEN strpos(n.playbook_ref, '/') > 0 THEN n.playbook_ref ELSE n.namespace || '/' || n.playbook_ref END
         AS playbook,
       EXISTS (SELECT 1 FROM playbooks p WHERE p.deleted_at IS NULL
         AND p.namespace || '/' || p.name =
           CASE WHEN strpos(n.playbook_ref, '/') > 0 THEN n.playbook_ref ELSE n.namespace || '/' || n.playbook_ref END)
         AS found
     FROM notifications n WHERE n.id = $1 AND n.deleted_at IS NULL`,
    [ruleId],
  );
  const row = rows[0];
  const out: string[] = [];
  const ref = recipientRefSchema.safeParse(row?.recipient_ref);
  if (ref.success)
    out.push(`spec.to: ${recipientRefProblem(ref.data)}; the rule sends nothing until it exists`);
  if (row?.playbook && !row.found)
    out.push(`spec.to.playbook: playbook ${row.playbook} not found; its sends fail until it exists`);
  return out;
}
