import type { Queryable } from '../db/types.js';
import type { JobDefinition } from '../jobs/scheduler.js';

/** Roll-ups outlive raw statuses: hourly for 400 days, daily for 5 years (the longest time range). */
export const HOURLY_RETENTION_DAYS = 400;
export const DAILY_RETENTION_DAYS = 5 * 366;

const BUCKET_SQL = (target: string, source: string, unit: 'hour' | 'day') =>
  source === 'check_statuses'
    ? `INSERT INTO ${target} (check_id, time, passed, failed, duration_sum, duration_max, p95, p97, p99, last_time)
       SELECT check_id, date_trunc('${unit}', time), count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
         sum(duration), max(duration),
         percentile_cont(0.95) WITHIN GROUP (ORDER BY duration),
         percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
         percentile_cont(0.99) WITHIN GROUP (ORDER BY duration),
         max(time)
       FROM ${source} WHERE time >= $1
       GROUP BY 1, 2
       ON CONFLICT (check_id, time) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
         duration_sum = excluded.duration_sum, duration_max = excluded.duration_max,
         p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99, last_time = excluded.last_time`
    : `INSERT INTO ${target} (check_id, time, passed, failed, duration_sum, duration_max, p95, p97, p99)
       SELECT check_id, date_trunc('${unit}', time), sum(passed), sum(failed), sum(duration_sum), max(duration_max),
         sum(p95 * (passed + failed)) / nullif(sum(passed + failed), 0),
         sum(p97 * (passed + failed)) / nullif(sum(passed + failed), 0),
         sum(p99 * (passed + failed)) / nullif(sum(passed + failed), 0)
       FROM ${source} WHERE time >= $1
       GROUP BY 1, 2
       ON CONFLICT (check_id, time) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
         duration_sum = excluded.duration_sum, duration_max = excluded.duration_max,
         p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99`;

/** Each hourly bucket's status times as seconds of the hour (check_statuses_1h_seconds), from the same statuses. */
const SECONDS_SQL = `INSERT INTO check_statuses_1h_seconds (time, check_id, seconds, failed_seconds)
  SELECT hour, check_id, array_agg(second ORDER BY second),
    coalesce(array_agg(second ORDER BY second) FILTER (WHERE NOT status), '{}')
  FROM (
    SELECT check_id, date_trunc('hour', time) AS hour, status,
      floor(extract(epoch FROM time - date_trunc('hour', time)))::smallint AS second
    FROM check_statuses WHERE time >= $1
  ) s
  GROUP BY hour, check_id
  ON CONFLICT (time, check_id) DO UPDATE SET seconds = excluded.seconds, failed_seconds = excluded.failed_seconds`;

/**
 * A status is stored when its run ends, up to the check's timeout (at most 5 minutes) after
 * its time: a pass re-reads the hour before when its latest status is this close to it.
 */
export const LATE_STATUS_MS = 10 * 60_000;

/**
 * Brings the hourly and daily roll-ups up to date. Each pass recomputes from the last
 * bucket already stored (which may have been partial) onwards, so it is idempotent and
 * catches up after downtime; shortly after an hour begins it recomputes the hour before too,
 * so a run that started in that hour and ended after the previous pass is not left out.
 * Daily percentiles are count-weighted means of hourly ones.
 */
export async function rollUpCheckStatuses(db: Queryable): Promise<{ hourly: number; daily: number }> {
  const h = await db.query<{ since: Date | null }>(
    `SELECT date_trunc('hour', max(coalesce(last_time, time)) - $1 * interval '1 millisecond') AS since
     FROM check_statuses_1h WHERE time = (SELECT max(time) FROM check_statuses_1h)`,
    [LATE_STATUS_MS],
  );
  const since = h.rows[0]?.since ?? new Date(0);
  const hourly = await db.query(BUCKET_SQL('check_statuses_1h', 'check_statuses', 'hour'), [since]);
  await db.query(SECONDS_SQL, [since]);
  const d = await db.query<{ since: Date | null }>('SELECT max(time) AS since FROM check_statuses_1d');
  const daily = await db.query(BUCKET_SQL('check_statuses_1d', 'check_statuses_1h', 'day'), [
    d.rows[0]?.since ?? new Date(0),
  ]);
  return { hourly: hourly.affectedRows, daily: daily.affectedRows };
}

/** Removes raw statuses (and the seconds of hourly buckets) past CHECK_RETENTION_DAYS, roll-ups past their longer retention. */
export async function applyCheckRetention(db: Queryable, rawDays: number): Promise<number> {
  const raw = await db.query('DELETE FROM check_statuses WHERE time < now() - make_interval(days => $1)', [
    rawDays,
  ]);
  await db.query('DELETE FROM check_statuses_1h_seconds WHERE time < now() - make_interval(days => $1)', [
    rawDays,
  ]);
  const hourly = await db.query(
    'DELETE FROM check_statuses_1h WHERE time < now() - make_interval(days => $1)',
    [Math.max(rawDays, HOURLY_RETENTION_DAYS)],
  );
  const daily = await db.query(
    'DELETE FROM check_statuses_1d WHERE time < now() - make_interval(days => $1)',
    [Math.max(rawDays, DAILY_RETENTION_DAYS)],
  );
  return raw.affectedRows + hourly.affectedRows + daily.affectedRows;
}

export const checkStatusRollup: JobDefinition = {
  name: 'CheckStatusRollup',
  intervalSeconds: 300,
  runOnStart: true,
  async run(ctx) {
    const r = await rollUpCheckStatuses(ctx.db);
    return { success: r.hourly + r.daily };
  },
};

export const checkStatusRetention: JobDefinition = {
  name: 'CleanupCheckStatuses',
  cron: '37 3 * * *',
  async run(ctx) {
    // Roll up first, so nothing is deleted before it is summarised.
    await rollUpCheckStatuses(ctx.db);
    return { success: await applyCheckRetention(ctx.db, ctx.config.health.checkRetentionDays) };
  },
};
