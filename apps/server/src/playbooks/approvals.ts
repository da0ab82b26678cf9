import type { PlaybookSpec } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { HttpError } from '../platform/http-error.js';

/** Does the spec name any approver? A run of such a playbook waits in pending_approval. */
export function needsApproval(spec: PlaybookSpec): boolean {
  const a = spec.approval?.approvers;
  return (a?.people?.length ?? 0) > 0 || (a?.teams?.length ?? 0) > 0;
}

/** The approver addresses a spec lists, in lower case. */
function listedPeople(spec: PlaybookSpec): string[] {
  return [...new Set((spec.approval?.approvers?.people ?? []).map((e) => e.trim().toLowerCase()))];
}

/**
 * Resolves the run's listed approver addresses that are not resolved yet to the live person who
 * holds each now (people.email: an address a person has verified, or one an admin gave them —
 * never an unverified change, which stays pending on the identity). Done when the run is made
 * and again before each approval; a resolution, once made, is kept for the run's life.
 */
export async function resolveApprovers(q: Queryable, runId: string, spec: PlaybookSpec): Promise<void> {
  const people = listedPeople(spec);
  if (people.length === 0) return;
  await q.query(
    `INSERT INTO playbook_run_approvers (run_id, email, person_id)
     SELECT $1, lower(p.email), p.id FROM people p
      WHERE lower(p.email) = ANY($2::text[]) AND p.deleted_at IS NULL
     ON CONFLICT (run_id, email) DO NOTHING`,
    [runId, people],
  );
}

/**
 * How `personId` may approve the run: as a listed person (the person a listed address was
 * resolved to for this run) and/or as a member of listed teams.
 */
export async function approverRole(
  q: Queryable,
  run: { id: string; spec: PlaybookSpec },
  personId: string | null,
): Promise<{ asPerson: boolean; teamIds: string[] } | null> {
  if (!personId) return null;
  await resolveApprovers(q, run.id, run.spec);
  const teams = run.spec.approval?.approvers?.teams ?? [];
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM playbook_run_approvers WHERE run_id = $1 AND person_id = $2',
    [run.id, personId],
  );
  const asPerson = (rows[0]?.n ?? 0) > 0;
  const teamIds =
    teams.length === 0
      ? []
      : (
          await q.query<{ id: string }>(
            `SELECT t.id FROM teams t JOIN team_members m ON m.team_id = t.id
             WHERE m.person_id = $1 AND t.name = ANY($2::text[]) AND t.deleted_at IS NULL`,
            [personId, teams],
          )
        ).rows.map((r) => r.id);
  return asPerson || teamIds.length > 0 ? { asPerson, teamIds } : null;
}

/**
 * Whether the approvals given so far satisfy the spec: `any` — one listed person or team has
 * approved; `all` (the default) — every listed person and every listed team has (a team
 * approves through any of its members). A listed person has approved when the person their
 * address was resolved to for this run has.
 */
export async function approvalsSatisfied(q: Queryable, runId: string, spec: PlaybookSpec): Promise<boolean> {
  const people = listedPeople(spec);
  const teams = spec.approval?.approvers?.teams ?? [];
  const { rows } = await q.query<{ kind: string; key: string }>(
    `SELECT 'person' AS kind, r.email AS key FROM playbook_run_approvers r
       JOIN playbook_approvals a ON a.run_id = r.run_id AND a.person_id = r.person_id
       WHERE r.run_id = $1
     UNION
     SELECT 'team', t.name FROM playbook_approvals a JOIN teams t ON t.id = a.team_id WHERE a.run_id = $1
     UNION
     SELECT 'team', t.name FROM playbook_approvals a JOIN team_members m ON m.person_id = a.person_id
       JOIN teams t ON t.id = m.team_id WHERE a.run_id = $1`,
    [runId],
  );
  const approved = new Set(rows.map((r) => `${r.kind}:${r.key}`));
  const wanted = [...people.map((p) => `person:${p}`), ...teams.map((t) => `team:${t}`)];
  if (spec.approval?.type === 'any') return wanted.some((w) => approved.has(w));
  return wanted.every((w) => approved.has(w));
}

/**
 * Records `personId`'s approval of a run waiting for it, and schedules the run once the
 * approvals satisfy the spec. 403 for someone who is not an approver.
 */
export async function approveRun(
  q: Queryable,
  run: { id: string; spec: PlaybookSpec; status: string },
  personId: string | null,
): Promise<void> {
  if (!needsApproval(run.spec)) throw new HttpError(400, 'this playbook does not require approval');
  const role = await approverRole(q, run, personId);
  if (!role) throw new HttpError(403, 'you are not allowed to approve this playbook run');
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO playbook_approvals (run_id, person_id, team_id) VALUES ($1, $2, $3)
     ON CONFLICT (run_id, person_id) WHERE person_id IS NOT NULL DO NOTHING RETURNING id`,
    [run.id, personId, role.asPerson ? null : (role.teamIds[0] ?? null)],
  );
  const approvalId = rows[0]?.id;
  if (approvalId) {
    await q.query(
      `SELECT enqueue_event('playbook.approval.inserted', $1::uuid,
         jsonb_build_object('id', $1::text, 'run_id', $2::text, 'person_id', $3::text))`,
      [approvalId, run.id, personId],
    );
  }
  if (run.status === 'pending_approval' && (await approvalsSatisfied(q, run.id, run.spec))) {
    await q.query(
      `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now()
       WHERE id = $1 AND status = 'pending_approval'`,
      [run.id],
    );
  }
}
