import type { Queryable } from '../db/types.js';
import type { CheckResult } from './run-check.js';
import { CHECK_JSON } from './summary-sql.js';

export type RecordedCheck = {
  previous: string | null;
  status: 'healthy' | 'unhealthy';
  transitioned: boolean;
};

/**
 * Stores one result in a single statement (atomic, one round trip): the status row, the
 * check's status and times, the check's trailing-hour stats and its cached summary entry. A
 * status change queues `check.passed` / `check.failed` (a first run only when it fails) through
 * the trigger on `checks`, in the same statement (migration 060, docs/events.md).
 * The stats include the new result explicitly: rows a statement inserts are not visible
 * to the rest of that statement.
 */
export async function recordCheckResult(
  db: Queryable,
  checkId: string,
  result: CheckResult,
  nextRuntime: Date | null,
): Promise<RecordedCheck | undefined> {
  const status = result.pass ? 'healthy' : 'unhealthy';
  const { rows } = await db.query<{ previous: string | null }>(
    `WITH prev AS (SELECT id, status FROM checks WHERE id = $1 FOR UPDATE),
     upd AS (
       UPDATE checks c SET status = $2, last_runtime = $3, next_runtime = $4,
         last_transition_time = CASE WHEN prev.status IS DISTINCT FROM $2 THEN $3 ELSE c.last_transition_time END
       FROM prev WHERE c.id = prev.id
       RETURNING prev.status AS previous, c.id, c.canary_id, c.agent_id, c.name, c.namespace, c.type, c.status, c.icon,
         c.description, c.endpoint, c.labels, c.severity, c.last_transition_time, c.last_runtime, c.next_runtime,
         c.created_at, c.deleted_at
     ),
     ins AS (
       INSERT INTO check_statuses (check_id, time, duration, status, message, error, details)
       SELECT $1, $3, $5, $6, $7, $8, $9 FROM upd
       ON CONFLICT (check_id, time) DO NOTHING
     ),
     win AS (
       SELECT duration, status, time FROM check_statuses
       WHERE check_id = $1 AND time > $3::timestamptz - interval '1 hour' AND time <> $3
       UNION ALL SELECT $5, $6, $3 FROM upd
     ),
     stats AS (
       INSERT INTO check_stats (check_id, passed, failed, p95, p97, p99, rolling1h, last_pass, last_fail, updated_at)
       SELECT $1, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
         percentile_cont(0.95) WITHIN GROUP (ORDER BY duration),
         percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
         percentile_cont(0.99) WITHIN GROUP (ORDER BY duration),
         avg(duration), max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status), $3
       FROM win HAVING count(*) > 0
       ON CONFLICT (check_id) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
         p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99, rolling1h = excluded.rolling1h,
         last_pass = coalesce(excluded.last_pass, check_stats.last_pass),
         last_fail = coalesce(excluded.last_fail, check_stats.last_fail), updated_at = excluded.updated_at
       RETURNING passed, failed, last_pass, last_fail, p95, p97, p99, rolling1h, updated_at
     ),
     cache AS (
       INSERT INTO check_summaries (check_id, json, stats_at)
       SELECT x.id, ${CHECK_JSON}::text, x.stats_at
       FROM (
         SELECT upd.*, cn.name AS canary_name, cn.namespace AS canary_namespace, st.passed, st.failed, st.last_pass,
           st.last_fail, st.p95, st.p97, st.p99, st.rolling1h, st.updated_at AS stats_at
         FROM upd JOIN canaries cn ON cn.id = upd.canary_id LEFT JOIN stats st ON true
       ) x
       ON CONFLICT (check_id) DO UPDATE SET json = excluded.json, stats_at = excluded.stats_at
     )
     SELECT previous FROM upd`,
    [
      checkId,
      status,
      result.time,
      nextRuntime,
      result.durationMs,
      result.pass,
      result.message,
      result.error,
      JSON.stringify(result.details),
    ],
  );
  const row = rows[0];
  if (!row) return undefined;
  const transitioned = row.previous !== status && (row.previous !== null || !result.pass);
  return { previous: row.previous, status, transitioned };
}
