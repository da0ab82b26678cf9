import type { Queryable } from '../../db/types.js';
import { FINAL, LIVE_ACTION_STATUSES } from './store.js';

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

/** The engine's housekeeping, before it claims runs. */
export async function sweep(q: Queryable): Promise<{ timedOut: number; closed: number }> {
  const timedOut = await timeOutRuns(q);
  const closed = await closeLeftoverActions(q);
  return { timedOut, closed };
}
