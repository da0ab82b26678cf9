import type { Config } from '../config.js';
import type { Queryable } from '../db/types.js';
import { applyRetention, type RetentionRule } from '../jobs/retention.js';
import type { JobDefinition } from '../jobs/scheduler.js';

/** Roll-ups outlive raw statuses: hourly for 400 days, daily for 5 years (the longest time range). */
export const HOURLY_RETENTION_DAYS = 400;
export const DAILY_RETENTION_DAYS = 5 * 366;

/**
 * Passed and failed leave out results recorded under maintenance (docs/maintenance.md), which
 * are counted apart (`maintenance`, so a status page can draw such a day as maintenance);
 * latency keeps them.
 */
const BUCKET_SQL = (target: string, source: string, unit: 'hour' | 'day') =>
  source === 'check_statuses'
    ? `INSERT INTO ${target} (check_id, time, passed, failed, maintenance, duration_sum, duration_max, p95, p97, p99, last_time)
       SELECT check_id, date_trunc('${unit}', time), count(*) FILTER (WHERE status AND NOT maintenance), count(*) FILTER (WHERE NOT status AND NOT maintenance),
         count(*) FILTER (WHERE maintenance), sum(duration), max(duration),
         percentile_cont(0.95) WITHIN GROUP (ORDER BY duration),
         percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
         percentile_cont(0.99) WITHIN GROUP (ORDER BY duration),
         max(time)
       FROM ${source} WHERE time >= $1
       GROUP BY 1, 2
       ON CONFLICT (check_id, time) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
         maintenance = excluded.maintenance, duration_sum = excluded.duration_sum, duration_max = excluded.duration_max,
         p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99, last_time = excluded.last_time`
    : `INSERT INTO ${target} (check_id, time, passed, failed, maintenance, duration_sum, duration_max, p95, p97, p99)
       SELECT check_id, date_trunc('${unit}', time), sum(passed), sum(failed), sum(maintenance), sum(duration_sum), max(duration_max),
         sum(p95 * (passed + failed)) / nullif(sum(passed + failed), 0),
         sum(p97 * (passed + failed)) / nullif(sum(passed + failed), 0),
         sum(p99 * (passed + failed)) / nullif(sum(passed + failed), 0)
       FROM ${source} WHERE time >= $1
       GROUP BY 1, 2
       ON CONFLICT (check_id, time) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
         maintenance = excluded.maintenance, duration_sum = excluded.duration_sum, duration_max = excluded.duration_max,
         p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99`;

/**
 * Each hourly bucket's status times as seconds of the hour (check_statuses_1h_seconds), from the same
 * statuses; like the counts, without those recorded under maintenance (docs/maintenance.md).
 */
const SECONDS_SQL = `INSERT INTO check_statuses_1h_seconds (time, check_id, seconds, failed_seconds)
  SELECT hour, check_id, coalesce(array_agg(second ORDER BY second) FILTER (WHERE NOT maintenance), '{}'),
    coalesce(array_agg(second ORDER BY second) FILTER (WHERE NOT status AND NOT maintenance), '{}')
  FROM (
    SELECT check_id, date_trunc('hour', time) AS hour, status, maintenance,
      floor(extract(epoch FROM time - date_trunc('hour', time)))::smallint AS second
    FROM check_statuses WHERE time >= $1
  ) s
  GROUP BY hour, check_id
  ON CONFLICT (time, check_id) DO UPDATE SET seconds = excluded.seconds, failed_seconds = excluded.failed_seconds`;

/**
 * Per-check sums of the hourly buckets from the first whole hour of a 24-hour window starting
 * now to the latest one, and up to when they have read statuses (docs/health.md). A 24-hour
 * summary reads them in place of some 24 buckets per check. Rewritten on every pass (only the
 * rows that change), in one statement so a reader sees old or new sums, never a mix. $1 is
 * LATE_STATUS_MS.
 */
const SPAN_SQL = `WITH r AS (SELECT date_trunc('hour', now()) - interval '23 hours' AS from_hour),
  sums AS (
    SELECT b.check_id, sum(b.passed) AS passed, sum(b.failed) AS failed, sum(b.passed + b.failed) AS n,
      sum(b.p95 * (b.passed + b.failed)) AS p95w, sum(b.p97 * (b.passed + b.failed)) AS p97w,
      sum(b.p99 * (b.passed + b.failed)) AS p99w,
      max(coalesce(b.last_time, b.time + interval '1 hour' - interval '1 microsecond')) AS through
    FROM check_statuses_1h b, r WHERE b.time >= r.from_hour
    GROUP BY b.check_id
  ),
  gone AS (
    DELETE FROM check_statuses_1h_span s WHERE NOT EXISTS (SELECT 1 FROM sums WHERE sums.check_id = s.check_id)
  ),
  range AS (
    -- As ROLLED_UP_TO (summary-window.ts) answers for the buckets; none without sums.
    INSERT INTO check_statuses_1h_span_range (from_hour, rolled_up_to)
    SELECT r.from_hour, m.through - $1 * interval '1 millisecond'
    FROM r, (SELECT max(through) AS through FROM sums) m WHERE m.through IS NOT NULL
    ON CONFLICT (one) DO UPDATE SET from_hour = excluded.from_hour, rolled_up_to = excluded.rolled_up_to
  ),
  emptied AS (
    DELETE FROM check_statuses_1h_span_range WHERE NOT EXISTS (SELECT 1 FROM sums)
  )
  INSERT INTO check_statuses_1h_span (check_id, passed, failed, n, p95w, p97w, p99w, through)
  SELECT check_id, passed, failed, n, p95w, p97w, p99w, through FROM sums
  ON CONFLICT (check_id) DO UPDATE SET passed = excluded.passed, failed = excluded.failed, n = excluded.n,
    p95w = excluded.p95w, p97w = excluded.p97w, p99w = excluded.p99w, through = excluded.through
  WHERE (check_statuses_1h_span.passed, check_statuses_1h_span.failed, check_statuses_1h_span.n,
      check_statuses_1h_span.p95w, check_statuses_1h_span.p97w, check_statuses_1h_span.p99w,
      check_statuses_1h_span.through)
    IS DISTINCT FROM (excluded.passed, excluded.failed, excluded.n, excluded.p95w, excluded.p97w, excluded.p99w,
      excluded.through)`;

/**
 * A status is stored when its run ends, up to the check's timeout (at most 5 minutes) after
 * its time: a pass re-reads the hour before when its latest status is this close to it.
 */
export const LATE_STATUS_MS = 10 * 60_000;

/** The hour a pass recomputes from: the latest bucket's, or the one before when its latest status is near the hour. */
async function recomputeFrom(db: Queryable): Promise<Date> {
  const h = await db.query<{ since: Date | null }>(
    `SELECT date_trunc('hour', max(coalesce(last_time, time)) - $1 * interval '1 millisecond') AS since
     FROM check_statuses_1h WHERE time = (SELECT max(time) FROM check_statuses_1h)`,
    [LATE_STATUS_MS],
  );
  return h.rows[0]?.since ?? new Date(0);
}

/**
 * Brings the hourly and daily roll-ups up to date. Each pass recomputes from the last
 * bucket already stored (which may have been partial) onwards, so it is idempotent and
 * catches up after downtime; shortly after an hour begins it recomputes the hour before too,
 * so a run that started in that hour and ended after the previous pass is not left out.
 * Daily percentiles are count-weighted means of hourly ones.
 */
export async function rollUpCheckStatuses(db: Queryable): Promise<{ hourly: number; daily: number }> {
  // A scan by time reads every page range the BRIN index has not summarized (only VACUUM and
  // autosummarize do, both seldom on a large insert-only table): summarize what was appended
  // since the last pass, for this pass's scans and the summaries' until the next one. Only the
  // index's owner may; a server connecting as another role leaves it to autosummarize.
  await db.query(`SELECT brin_summarize_new_values(c.oid) FROM pg_class c
    WHERE c.oid = 'check_statuses_time_brin'::regclass AND pg_has_role(c.relowner, 'USAGE')`);
  const since = await recomputeFrom(db);
  const hourly = await db.query(BUCKET_SQL('check_statuses_1h', 'check_statuses', 'hour'), [since]);
  await db.query(SECONDS_SQL, [since]);
  await db.query(SPAN_SQL, [LATE_STATUS_MS]);
  const d = await db.query<{ since: Date | null }>('SELECT max(time) AS since FROM check_statuses_1d');
  const daily = await db.query(BUCKET_SQL('check_statuses_1d', 'check_statuses_1h', 'day'), [
    d.rows[0]?.since ?? new Date(0),
  ]);
  return { hourly: hourly.affectedRows, daily: daily.affectedRows };
}

const DAY_MS = 86_400_000;
const OLDER = 't.time < now() - make_interval(secs => $1)';
const raw = (config: Config) => config.retention.checkStatuses;
/**
 * An agent holds its results only until the upstream has them: one the upstream has not taken
 * yet (away longer than the retention) is kept, so it still arrives. The upstream's own results
 * are never marked pushed, so there age alone decides.
 */
const olderAndPushed = (config: Config) => (config.agent ? `${OLDER} AND t.is_pushed` : OLDER);
/** A roll-up is kept at least `days`, and never shorter than the raw statuses it sums up. */
const rollup = (days: number) => (config: Config) => {
  const keep = raw(config);
  return keep === null ? null : Math.max(keep, days * DAY_MS);
};

/**
 * Raw statuses (and the seconds of hourly buckets, and each location's results of located
 * checks) past RETENTION_CHECK_STATUSES, roll-ups past their longer retention.
 */
export const checkRetentionRules: RetentionRule[] = [
  { name: 'check_statuses', table: 'check_statuses', olderThan: olderAndPushed, keep: raw },
  { name: 'check_statuses_1h_seconds', table: 'check_statuses_1h_seconds', olderThan: OLDER, keep: raw },
  {
    name: 'check_location_statuses',
    table: 'check_location_statuses',
    olderThan: olderAndPushed,
    keep: raw,
  },
  {
    name: 'check_statuses_1h',
    table: 'check_statuses_1h',
    olderThan: OLDER,
    keep: rollup(HOURLY_RETENTION_DAYS),
  },
  {
    name: 'check_statuses_1d',
    table: 'check_statuses_1d',
    olderThan: OLDER,
    keep: rollup(DAILY_RETENTION_DAYS),
  },
];

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
  async run(ctx, signal) {
    // Roll up first, so nothing is deleted before it is summarised.
    await rollUpCheckStatuses(ctx.db);
    return applyRetention(ctx.db, ctx.config, checkRetentionRules, signal);
  },
};
