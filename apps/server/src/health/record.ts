import type { Queryable } from '../db/types.js';
import type { CheckResult } from './run-check.js';

export type RecordedCheck = {
  previous: string | null;
  status: 'healthy' | 'unhealthy';
  transitioned: boolean;
};

/**
 * Stores one result: the status row, the check's status and times, a `check.passed` /
 * `check.failed` event when the status changes (a first run only when it fails), and the
 * check's trailing-hour stats for the dashboard summary.
 */
export async function recordCheckResult(
  db: Queryable,
  checkId: string,
  result: CheckResult,
  nextRuntime: Date | null,
): Promise<RecordedCheck | undefined> {
  const status = result.pass ? 'healthy' : 'unhealthy';
  const updated = await db.query<{ previous: string | null; canary_id: string; name: string }>(
    `WITH prev AS (SELECT id, status FROM checks WHERE id = $1 FOR UPDATE)
     UPDATE checks c SET status = $2, last_runtime = $3, next_runtime = $4,
       last_transition_time = CASE WHEN prev.status IS DISTINCT FROM $2 THEN $3 ELSE c.last_transition_time END
     FROM prev WHERE c.id = prev.id
     RETURNING prev.status AS previous, c.canary_id, c.name`,
    [checkId, status, result.time, nextRuntime],
  );
  const row = updated.rows[0];
  if (!row) return undefined;
  await db.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message, error, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (check_id, time) DO NOTHING`,
    [
      checkId,
      result.time,
      result.durationMs,
      result.pass,
      result.message,
      result.error,
      JSON.stringify(result.details),
    ],
  );
  const transitioned = row.previous !== status && (row.previous !== null || status === 'unhealthy');
  if (transitioned) {
    await db.query('INSERT INTO event_queue (name, properties) VALUES ($1, $2)', [
      result.pass ? 'check.passed' : 'check.failed',
      JSON.stringify({
        id: checkId,
        check_id: checkId,
        canary_id: row.canary_id,
        name: row.name,
        status,
        previous_status: row.previous,
        message: result.message,
        error: result.error,
        time: result.time.toISOString(),
      }),
    ]);
  }
  await refreshCheckStats(db, checkId, result.time);
  return { previous: row.previous, status, transitioned };
}

/** Recomputes one check's trailing-hour uptime and latency (a few dozen rows via the primary key). */
export async function refreshCheckStats(db: Queryable, checkId: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO check_stats (check_id, passed, failed, p95, p97, p99, rolling1h, last_pass, last_fail, updated_at)
     SELECT $1, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
       percentile_cont(0.95) WITHIN GROUP (ORDER BY duration),
       percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
       percentile_cont(0.99) WITHIN GROUP (ORDER BY duration),
       avg(duration), max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status), $2
     FROM check_statuses WHERE check_id = $1 AND time > $2::timestamptz - interval '1 hour'
     ON CONFLICT (check_id) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
       p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99, rolling1h = excluded.rolling1h,
       last_pass = coalesce(excluded.last_pass, check_stats.last_pass),
       last_fail = coalesce(excluded.last_fail, check_stats.last_fail), updated_at = excluded.updated_at`,
    [checkId, at],
  );
}
