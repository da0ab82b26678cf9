import type { Queryable } from '../../db/types.js';
import { LOCAL_AGENT } from '../template-env.js';
import { FINAL, LIVE_ACTION_STATUSES } from './store.js';

const LOCAL_AGENT_ID = LOCAL_AGENT.id;

export const STOPPED_MESSAGE = 'the server stopped while this action was running';

/**
 * Runs past their `timeout` (counted from start_time, or created_at when never started),
 * whatever state they are in and however they were started, become timed_out. The process
 * holding one sees that within a second and aborts its action.
 */
export async function timeOutRuns(q: Queryable): Promise<number> {
  const res = await q.query(
    `UPDATE playbook_runs SET status = 'timed_out', end_time = now(), error = coalesce(error, 'timed out')
     WHERE status NOT IN ${FINAL}
       AND coalesce(start_time, created_at) + make_interval(secs => timeout / 1e9) < now()`,
  );
  return res.affectedRows;
}

/**
 * Attempts left open in runs that ended while no live process held them (cancelled while
 * sleeping, timed out after a crash): running ones failed, pending ones skipped, with why.
 */
export async function closeLeftoverActions(q: Queryable): Promise<number> {
  const res = await q.query(
    `UPDATE playbook_run_actions a SET
       status = CASE WHEN a.status = 'running' THEN 'failed' ELSE 'skipped' END,
       error = CASE r.status WHEN 'cancelled' THEN 'cancelled' WHEN 'timed_out' THEN 'timed out'
               ELSE '${STOPPED_MESSAGE}' END,
       end_time = now()
     FROM playbook_runs r
     WHERE a.playbook_run_id = r.id AND a.status IN ${LIVE_ACTION_STATUSES}
       AND r.status IN ${FINAL}
       AND (r.claimed_by IS NULL OR coalesce(r.lease_until, '-infinity') < now())`,
  );
  return res.affectedRows;
}

/**
 * Attempts an agent did not answer for by their deadline (the action's timeout, capped by the
 * run's), handed out or not: failed "timed out waiting for agent <name>", and their runs go on
 * (a later action with `if: failure()` runs, or the run ends failed) instead of waiting forever.
 * A late answer from the agent is refused (the attempt is no longer running).
 */
export async function timeOutAgentActions(q: Queryable): Promise<number> {
  const res = await q.query(
    `WITH late AS (
       UPDATE playbook_run_actions a SET status = 'failed', end_time = now(),
         error = 'timed out waiting for agent ' ||
           coalesce((SELECT g.name FROM agents g WHERE g.id = a.agent_id), a.agent_id::text)
       WHERE a.status IN ('waiting', 'running') AND a.deadline < now()
         AND a.agent_id <> '${LOCAL_AGENT_ID}'
       RETURNING a.playbook_run_id)
     UPDATE playbook_runs r SET status = 'scheduled', scheduled_time = now()
     WHERE r.status = 'waiting' AND r.id IN (SELECT playbook_run_id FROM late)`,
  );
  return res.affectedRows;
}

/** The engine's housekeeping, before it claims runs. */
export async function sweep(
  q: Queryable,
): Promise<{ agentTimedOut: number; timedOut: number; closed: number }> {
  // Before the runs' own timeouts, so an attempt an agent never answered says so.
  const agentTimedOut = await timeOutAgentActions(q);
  const timedOut = await timeOutRuns(q);
  const closed = await closeLeftoverActions(q);
  return { agentTimedOut, timedOut, closed };
}
