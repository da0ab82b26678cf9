import type { Db, Queryable } from '../../db/types.js';
import type { RunForEnv } from '../template-env.js';
import type { ActionRow } from './plan.js';

/**
 * The engine's SQL. Every write to a run is guarded by the claim (`claimed_by`) and by
 * `status = 'running'`, so a final status set by anyone (cancel, the timeout sweep) is never
 * overwritten, and a process whose lease was taken over writes nothing more.
 */

export const FINAL = `('completed', 'failed', 'cancelled', 'timed_out')`;
const LIVE_ACTION = `('scheduled', 'running', 'sleeping', 'waiting')`;

export type ClaimedRun = RunForEnv & {
  spec: unknown;
  /** Nanoseconds. */
  timeout: string | number;
  /** The status the run had when it was claimed. */
  previous: string;
  /** The agent every action of the run goes to (all-zero: none chosen, runsOn decides). */
  agent_id: string;
};

const interval = (param: string) => `make_interval(secs => ${param}::float8 / 1000)`;

/**
 * Claims up to `limit` due runs, oldest first: scheduled, sleeping or retrying ones whose time
 * has come, and running ones whose process stopped renewing its lease.
 */
export async function claimRuns(
  q: Queryable,
  owner: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedRun[]> {
  const { rows } = await q.query<ClaimedRun>(
    `UPDATE playbook_runs r
     SET status = 'running', claimed_by = $1, lease_until = now() + ${interval('$2')},
         start_time = coalesce(r.start_time, now())
     FROM (
       SELECT id, status AS previous FROM playbook_runs
       WHERE (status IN ('scheduled', 'sleeping', 'retrying') AND scheduled_time <= now())
          OR (status = 'running' AND coalesce(lease_until, '-infinity') < now())
       ORDER BY scheduled_time, created_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     ) due
     WHERE r.id = due.id
     RETURNING r.id, r.playbook_id, r.spec, r.status, r.created_at, r.start_time, r.timeout, r.created_by,
       r.check_id, r.config_id, r.component_id, r.parameters, r.secret_parameters, r.request, r.trigger,
       r.parent_id, r.agent_id, due.previous`,
    [owner, leaseMs, limit],
  );
  return rows;
}

/** Renews the claim; returns the run's status, or undefined when the claim is no longer ours. */
export async function renewClaim(
  q: Queryable,
  runId: string,
  owner: string,
  leaseMs: number,
): Promise<string | undefined> {
  const { rows } = await q.query<{ status: string }>(
    `UPDATE playbook_runs SET lease_until = CASE WHEN status = 'running' THEN now() + ${interval('$3')} ELSE lease_until END
     WHERE id = $1 AND claimed_by = $2 RETURNING status`,
    [runId, owner, leaseMs],
  );
  return rows[0]?.status;
}

/** Actions a dead process left running: failed, never re-run blindly (they may have had effects). */
export async function failOrphanedActions(q: Queryable, runId: string, message: string): Promise<number> {
  const res = await q.query(
    `UPDATE playbook_run_actions SET status = 'failed', error = $2, end_time = now()
     WHERE playbook_run_id = $1 AND status = 'running'`,
    [runId, message],
  );
  return res.affectedRows;
}

export async function actionRows(q: Queryable, runId: string): Promise<ActionRow[]> {
  const { rows } = await q.query<ActionRow>(
    `SELECT id, name, status, retry_count, start_time, scheduled_time, end_time, result, error
     FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY scheduled_time, retry_count`,
    [runId],
  );
  return rows;
}

/**
 * Adds an attempt row while the run is still ours and running; undefined otherwise (it was
 * cancelled, timed out or taken over meanwhile).
 */
export async function insertAction(
  q: Queryable,
  run: { id: string; owner: string },
  row: {
    name: string;
    status: 'running' | 'sleeping' | 'scheduled' | 'failed';
    retryCount: number;
    inMs?: number;
    error?: string;
  },
): Promise<ActionRow | undefined> {
  const { rows } = await q.query<ActionRow>(
    `INSERT INTO playbook_run_actions (name, status, retry_count, playbook_run_id, scheduled_time, start_time, end_time, error)
     SELECT $3, $4::text, $5, r.id, now() + ${interval('$6')},
       CASE WHEN $4::text IN ('running', 'failed') THEN now() END,
       CASE WHEN $4::text = 'failed' THEN now() END, $7
     FROM playbook_runs r WHERE r.id = $1 AND r.claimed_by = $2 AND r.status = 'running'
     RETURNING id, name, status, retry_count, start_time, scheduled_time, end_time, result, error`,
    [run.id, run.owner, row.name, row.status, row.retryCount, row.inMs ?? 0, row.error ?? null],
  );
  return rows[0];
}

/** A pending attempt (after its delay or back-off) starts. */
export async function startAction(q: Queryable, actionId: string): Promise<boolean> {
  const res = await q.query(
    `UPDATE playbook_run_actions SET status = 'running', start_time = now()
     WHERE id = $1 AND status IN ('scheduled', 'sleeping', 'waiting')`,
    [actionId],
  );
  return res.affectedRows === 1;
}

/** The attempt's outcome, stored; undefined when it was no longer running (another process failed it). */
export async function finishAction(
  q: Queryable,
  actionId: string,
  outcome: { status: 'completed' | 'failed' | 'skipped'; result?: unknown; error?: string | null },
): Promise<ActionRow | undefined> {
  const { rows } = await q.query<ActionRow>(
    `UPDATE playbook_run_actions SET status = $2, result = $3::jsonb, error = $4, end_time = now()
     WHERE id = $1 AND status = 'running'
     RETURNING id, name, status, retry_count, start_time, scheduled_time, end_time, result, error`,
    [
      actionId,
      outcome.status,
      outcome.result === undefined ? null : JSON.stringify(outcome.result),
      outcome.error ?? null,
    ],
  );
  return rows[0];
}

/** Hands the run back to the queue (sleeping / retrying until `inMs`, or scheduled at once). */
export async function releaseRun(
  q: Queryable,
  run: { id: string; owner: string },
  status: 'sleeping' | 'retrying' | 'scheduled' | 'waiting',
  inMs: number,
): Promise<void> {
  await q.query(
    `UPDATE playbook_runs SET status = $3, scheduled_time = now() + ${interval('$4')}, claimed_by = NULL, lease_until = NULL
     WHERE id = $1 AND claimed_by = $2 AND status = 'running'`,
    [run.id, run.owner, status, inMs],
  );
}

/**
 * Hands a running attempt to an agent: the attempt becomes `waiting` for it (until `deadlineMs`
 * from now) and the run `waiting`, in one transaction, so the agent's outcome can never arrive
 * before the run waits for it.
 */
export async function handToAgent(
  db: Db,
  run: { id: string; owner: string },
  actionId: string,
  agentId: string,
  deadlineMs: number,
): Promise<boolean> {
  const lost = new Error('the run is no longer ours');
  try {
    return await db.transaction(async (tx) => {
      const handed = await tx.query(
        `UPDATE playbook_run_actions SET status = 'waiting', agent_id = $2, start_time = NULL,
           deadline = now() + ${interval('$3')}
         WHERE id = $1 AND status = 'running'`,
        [actionId, agentId, deadlineMs],
      );
      if (handed.affectedRows !== 1) return false;
      const released = await tx.query(
        `UPDATE playbook_runs SET status = 'waiting', claimed_by = NULL, lease_until = NULL
         WHERE id = $1 AND claimed_by = $2 AND status = 'running'`,
        [run.id, run.owner],
      );
      // Rolls the attempt back too: a cancelled run's attempt is closed by the sweep.
      if (released.affectedRows !== 1) throw lost;
      return true;
    });
  } catch (e) {
    if (e === lost) return false;
    throw e;
  }
}

/** Ends the run with a final status (never over another final one). */
export async function endRun(
  q: Queryable,
  run: { id: string; owner: string },
  status: 'completed' | 'failed' | 'timed_out',
  error: string | null = null,
): Promise<boolean> {
  const res = await q.query(
    `UPDATE playbook_runs SET status = $3, error = coalesce($4, error), end_time = now(), claimed_by = NULL, lease_until = NULL
     WHERE id = $1 AND claimed_by = $2 AND status NOT IN ${FINAL}`,
    [run.id, run.owner, status, error],
  );
  return res.affectedRows === 1;
}

/** Lets go of a run that reached a final status while we held it (cancelled, timed out by the sweep). */
export async function dropClaim(q: Queryable, run: { id: string; owner: string }): Promise<void> {
  await q.query(
    `UPDATE playbook_runs SET claimed_by = NULL, lease_until = NULL WHERE id = $1 AND claimed_by = $2`,
    [run.id, run.owner],
  );
}

export const LIVE_ACTION_STATUSES = LIVE_ACTION;
