import { LATE_STATUS_MS } from './rollup.js';

/**
 * Per-check uptime and latency over a window, as CTEs ending in `w (check_id, passed, failed,
 * p95, p97, p99)`. Parameters: $1 check id or null, $3 the window in milliseconds, and for
 * windows read from the roll-up $4, what ROLLED_UP_TO answers.
 */

const HOUR_MS = 3_600_000;

const BY_CHECK = '($1::uuid IS NULL OR check_id = $1::uuid)';

/** Up to an hour the raw statuses are few enough to aggregate on every request. */
const RAW = `w AS (
  SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
    percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
    percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
    percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99
  FROM check_statuses WHERE time > now() - $3 * interval '1 millisecond' AND ${BY_CHECK} GROUP BY check_id
)`;

// Inline rather than in a CTE: the planner sees their values and uses the time indexes well.
const START = `(now() - $3 * interval '1 millisecond')`;
/** The first hour that lies wholly inside the window. */
const WHOLE = `(date_trunc('hour', now() - $3 * interval '1 millisecond') + interval '1 hour')`;
/**
 * Whether the window's first hour is counted as its bucket less the statuses before the
 * window (true) or from the statuses inside it: whichever is the shorter part of the hour,
 * the bucket only once the roll-up has closed that hour (every status before $4 is rolled up).
 */
const FROM_BUCKET = `(${START} - ${WHOLE} + interval '1 hour' < interval '30 minutes'
  AND coalesce($4::timestamptz, '-infinity') >= ${WHOLE})`;
/** A bucket rolled up before last_time existed holds its whole hour. */
const LAST_TIME = `coalesce(last_time, time + interval '1 hour' - interval '1 microsecond')`;

/**
 * The oldest time a status the hourly roll-up has not read can have: the latest status it has
 * read minus LATE_STATUS_MS, as anything older was stored before that pass, which read it.
 * Null when nothing is rolled up yet.
 */
export const ROLLED_UP_TO = `SELECT max(${LAST_TIME}) - ${LATE_STATUS_MS} * interval '1 millisecond' AS bound
  FROM check_statuses_1h WHERE time = (SELECT max(time) FROM check_statuses_1h)`;

/**
 * Longer windows read the hourly roll-up for the whole hours inside the window and count the
 * rest from raw statuses: the window's first, partial hour (its shorter part, FROM_BUCKET),
 * and each check's statuses after the latest one its roll-up has read (`last_time`). Passed and failed are therefore exactly
 * what raw statuses give. Percentiles are count-weighted means of hourly percentiles (the
 * roll-up keeps percentiles, not durations); raw statuses are only counted, never sorted.
 * $4 (ROLLED_UP_TO) bounds the scan for those not rolled up yet; each check's own last_time
 * decides, within it, what is counted raw.
 */
const ROLLED_UP = `rolled AS (
  SELECT check_id, sum(passed) AS passed, sum(failed) AS failed, sum(passed + failed) AS n,
    sum(p95 * (passed + failed)) AS p95w, sum(p97 * (passed + failed)) AS p97w, sum(p99 * (passed + failed)) AS p99w,
    max(${LAST_TIME}) AS through
  FROM check_statuses_1h WHERE time >= ${WHOLE} AND ${BY_CHECK} GROUP BY check_id
),
head AS (
  SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed
  FROM check_statuses WHERE time > ${START} AND time < ${WHOLE} AND ${BY_CHECK} AND NOT ${FROM_BUCKET}
  GROUP BY check_id
  UNION ALL
  SELECT check_id, passed, failed FROM check_statuses_1h
  WHERE time = ${WHOLE} - interval '1 hour' AND ${BY_CHECK} AND ${FROM_BUCKET}
  UNION ALL
  SELECT check_id, -count(*) FILTER (WHERE status), -count(*) FILTER (WHERE NOT status)
  FROM check_statuses WHERE time >= ${WHOLE} - interval '1 hour' AND time <= ${START} AND ${BY_CHECK} AND ${FROM_BUCKET}
  GROUP BY check_id
),
tail AS (
  SELECT s.check_id, count(*) FILTER (WHERE s.status) AS passed, count(*) FILTER (WHERE NOT s.status) AS failed
  FROM check_statuses s
  WHERE s.time >= ${WHOLE} AND s.time > coalesce($4::timestamptz, '-infinity') AND ($1::uuid IS NULL OR s.check_id = $1::uuid)
    AND NOT EXISTS (SELECT 1 FROM rolled r WHERE r.check_id = s.check_id AND r.through >= s.time)
  GROUP BY s.check_id
),
pieces AS (
  SELECT check_id, passed, failed, n, p95w, p97w, p99w FROM rolled
  UNION ALL
  -- The first hour's statuses take its bucket's percentiles,
  SELECT hd.check_id, hd.passed, hd.failed, CASE WHEN h.p95 IS NULL THEN 0 ELSE hd.passed + hd.failed END,
    h.p95 * (hd.passed + hd.failed), h.p97 * (hd.passed + hd.failed), h.p99 * (hd.passed + hd.failed)
  FROM (SELECT check_id, sum(passed) AS passed, sum(failed) AS failed FROM head GROUP BY check_id) hd
  LEFT JOIN check_statuses_1h h ON h.check_id = hd.check_id AND h.time = ${WHOLE} - interval '1 hour'
  UNION ALL
  -- the last minutes' statuses the trailing hour's (check_stats, refreshed by every run).
  SELECT t.check_id, t.passed, t.failed, CASE WHEN st.p95 IS NULL THEN 0 ELSE t.passed + t.failed END,
    st.p95 * (t.passed + t.failed), st.p97 * (t.passed + t.failed), st.p99 * (t.passed + t.failed)
  FROM tail t LEFT JOIN check_stats st ON st.check_id = t.check_id
),
w AS (
  SELECT check_id, sum(passed) AS passed, sum(failed) AS failed, sum(p95w) / nullif(sum(n), 0) AS p95,
    sum(p97w) / nullif(sum(n), 0) AS p97, sum(p99w) / nullif(sum(n), 0) AS p99
  FROM pieces GROUP BY check_id
)`;

/** Whether a window is read from the hourly roll-up (longer than an hour). */
export function readsRollUp(windowMs: number): boolean {
  return windowMs > HOUR_MS;
}

/** The CTEs for a window: raw statuses up to an hour, the hourly roll-up plus raw beyond. */
export function windowCtes(windowMs: number): string {
  return readsRollUp(windowMs) ? ROLLED_UP : RAW;
}
