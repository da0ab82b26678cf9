import type { Queryable } from '../db/types.js';

/**
 * Recomputes the trailing-hour stats (passed, failed, percentiles, last pass and fail) of
 * checks whose results arrived some other way than this server's own runs (an agent's push),
 * and drops their cached summary entries so the next summary builds them from these stats.
 * A local run keeps both current as it records each result (record.ts).
 */
export async function refreshCheckStats(db: Queryable, checkIds: readonly string[]): Promise<void> {
  if (!checkIds.length) return;
  await db.query(
    `WITH ids AS (SELECT DISTINCT unnest($1::uuid[]) AS id),
     newest AS (
       SELECT s.check_id, max(s.time) AS at FROM check_statuses s JOIN ids ON s.check_id = ids.id GROUP BY s.check_id
     ),
     win AS (
       SELECT s.check_id, s.duration, s.status, s.time, s.maintenance
       FROM check_statuses s JOIN newest n ON n.check_id = s.check_id
       WHERE s.time > n.at - interval '1 hour'
     )
     INSERT INTO check_stats (check_id, passed, failed, p95, p97, p99, rolling1h, last_pass, last_fail, updated_at)
     SELECT check_id, count(*) FILTER (WHERE status AND NOT maintenance), count(*) FILTER (WHERE NOT status AND NOT maintenance),
       percentile_cont(0.95) WITHIN GROUP (ORDER BY duration),
       percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
       percentile_cont(0.99) WITHIN GROUP (ORDER BY duration),
       avg(duration), max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status), max(time)
     FROM win GROUP BY check_id
     ON CONFLICT (check_id) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
       p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99, rolling1h = excluded.rolling1h,
       last_pass = coalesce(excluded.last_pass, check_stats.last_pass),
       last_fail = coalesce(excluded.last_fail, check_stats.last_fail), updated_at = excluded.updated_at`,
    [checkIds],
  );
  await db.query('DELETE FROM check_summaries WHERE check_id = ANY($1::uuid[])', [checkIds]);
}
