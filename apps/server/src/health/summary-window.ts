import { LATE_STATUS_MS } from './rollup.js';

/**
 * Per-check uptime and latency over a window, as CTEs ending in `w (check_id, passed, failed,
 * p95, p97, p99)`. Parameters: $1 the checks' ids (null: every check), $3 the window in milliseconds, and for
 * windows read from the roll-up $4, what ROLLED_UP_TO (or, read from the sums,
 * SPAN_ROLLED_UP_TO) answers.
 */

const HOUR_MS = 3_600_000;

const BY_CHECK = '($1::uuid[] IS NULL OR check_id = ANY ($1::uuid[]))';

/** Up to an hour the raw statuses are few enough to aggregate on every request. */
const RAW = `w AS (
  SELECT check_id, count(*) FILTER (WHERE status AND NOT maintenance) AS passed, count(*) FILTER (WHERE NOT status AND NOT maintenance) AS failed,
    percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
    percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
    percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99
  FROM check_statuses WHERE time > now() - $3 * interval '1 millisecond' AND ${BY_CHECK} GROUP BY check_id
)`;

// Inline rather than in a CTE: the planner sees their values and uses the time indexes well.
const START = `(now() - $3 * interval '1 millisecond')`;
/** The first hour that lies wholly inside the window. */
const WHOLE = `(date_trunc('hour', now() - $3 * interval '1 millisecond') + interval '1 hour')`;
const FIRST_HOUR = `${WHOLE} - interval '1 hour'`;
/**
 * Whether the window's first, partial hour is counted from the seconds its statuses ran at
 * (plus the raw statuses of the second the window starts in): once the roll-up has closed
 * that hour (every status before $4 is rolled up) and written its seconds (hours rolled up
 * before they existed have none). Otherwise its statuses inside the window are counted raw.
 */
const BY_SECOND = `(coalesce($4::timestamptz, '-infinity') >= ${WHOLE}
  AND EXISTS (SELECT 1 FROM check_statuses_1h_seconds WHERE time = ${FIRST_HOUR}))`;
/** The second of its first hour the window starts in. */
const START_SECOND = `floor(extract(epoch FROM ${START} - (${FIRST_HOUR})))::smallint`;
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
 * Up to when the roll-up's per-check sums (check_statuses_1h_span) have read statuses, as
 * ROLLED_UP_TO answers for the buckets, when they start at this window's first whole hour (a
 * 24-hour window: they are kept for it); no row otherwise. $1 is the window in milliseconds.
 * Asked in the summary's snapshot (repeatable read), so the sums and the raw statuses after
 * them are read as one pass left them.
 */
export const SPAN_ROLLED_UP_TO = `SELECT rolled_up_to FROM check_statuses_1h_span_range
  WHERE from_hour = date_trunc('hour', now() - $1 * interval '1 millisecond') + interval '1 hour'`;

/** The whole hours of the window, one row per check: the roll-up's sums when they fit it, */
const HOURS_FROM_SPAN = `hours AS (
  SELECT check_id, passed, failed, n, p95w, p97w, p99w, through FROM check_statuses_1h_span WHERE ${BY_CHECK}
)`;

/** else its hourly buckets. */
const HOURS_FROM_BUCKETS = `hours AS (
  SELECT check_id, sum(passed) AS passed, sum(failed) AS failed, sum(passed + failed) AS n,
    sum(p95 * (passed + failed)) AS p95w, sum(p97 * (passed + failed)) AS p97w,
    sum(p99 * (passed + failed)) AS p99w, max(${LAST_TIME}) AS through
  FROM check_statuses_1h WHERE time >= ${WHOLE} AND ${BY_CHECK}
  GROUP BY check_id
)`;

/** A piece's percentile weighted by its `n` statuses, 0 when it has no statuses or percentile. */
const weighted = (p: string, n: string) => `coalesce(${p} * (${n}), 0)`;
const HEAD_N = 'hd.passed + hd.failed';
const TAIL_N = 't.passed + t.failed';
/** The statuses the weighted percentiles stand for: a piece without percentiles has none. */
const WEIGHTS = `coalesce(h.n, 0) + CASE WHEN f.p95 IS NULL THEN 0 ELSE coalesce(${HEAD_N}, 0) END
        + CASE WHEN st.p95 IS NULL THEN 0 ELSE coalesce(${TAIL_N}, 0) END`;

/**
 * Longer windows read the hourly roll-up for the whole hours inside the window (HOURS_FROM_*),
 * and the rest exactly: the window's first, partial hour from the seconds its statuses ran at
 * (BY_SECOND) plus the raw statuses of the second it starts in, and each check's statuses
 * after the latest one its roll-up has read (`through`). Passed and failed are therefore
 * exactly what raw statuses give, from about one row per check plus the few minutes not rolled
 * up. Percentiles are count-weighted means of hourly percentiles (the roll-up keeps
 * percentiles, not durations): the first hour's statuses take its bucket's, the last minutes'
 * the trailing hour's. $4 (ROLLED_UP_TO or SPAN_ROLLED_UP_TO) bounds the scan for statuses
 * not rolled up yet; each check's own `through` decides, within it, what is counted raw.
 * Each piece is one row per check, joined to the check rather than summed in a GROUP BY, and
 * computed once: for a page's few hundred checks the planner, expecting one row, otherwise put
 * the head and tail inside a nested loop and ran them again for every check (4 s at 200).
 */
const rolledUp = (hours: string) => `${hours},
first_hour AS MATERIALIZED (
  SELECT check_id, p95, p97, p99 FROM check_statuses_1h WHERE time = ${FIRST_HOUR} AND ${BY_CHECK}
),
start_second AS MATERIALIZED (SELECT ${START_SECOND} AS second),
head AS MATERIALIZED (
  SELECT check_id, sum(passed) AS passed, sum(failed) AS failed FROM (
    -- width_bucket counts the sorted seconds up to the start's: what remains comes after it,
    SELECT check_id,
      cardinality(seconds) - width_bucket(ss.second, seconds)
        - (cardinality(failed_seconds) - width_bucket(ss.second, failed_seconds)) AS passed,
      cardinality(failed_seconds) - width_bucket(ss.second, failed_seconds) AS failed
    FROM check_statuses_1h_seconds, start_second ss
    WHERE time = ${FIRST_HOUR} AND ${BY_CHECK} AND ${BY_SECOND}
    UNION ALL
    -- and the start's own second is counted raw,
    SELECT check_id, count(*) FILTER (WHERE status AND NOT maintenance), count(*) FILTER (WHERE NOT status AND NOT maintenance)
    FROM check_statuses
    WHERE time > ${START} AND time < date_trunc('second', ${START}) + interval '1 second' AND ${BY_CHECK} AND ${BY_SECOND}
    GROUP BY check_id
    UNION ALL
    -- or, for an hour without seconds, all of its part inside the window. (Two branches, not a
    -- CASE in one bound: only plain bounds let the time index narrow the scan.)
    SELECT check_id, count(*) FILTER (WHERE status AND NOT maintenance), count(*) FILTER (WHERE NOT status AND NOT maintenance)
    FROM check_statuses WHERE time > ${START} AND time < ${WHOLE} AND ${BY_CHECK} AND NOT ${BY_SECOND}
    GROUP BY check_id
  ) p
  GROUP BY check_id
),
tail AS MATERIALIZED (
  SELECT s.check_id, count(*) FILTER (WHERE s.status AND NOT s.maintenance) AS passed, count(*) FILTER (WHERE NOT s.status AND NOT s.maintenance) AS failed
  FROM check_statuses s
  WHERE s.time >= ${WHOLE} AND s.time > coalesce($4::timestamptz, '-infinity') AND ($1::uuid[] IS NULL OR s.check_id = ANY ($1::uuid[]))
    AND NOT EXISTS (SELECT 1 FROM hours h WHERE h.check_id = s.check_id AND h.through >= s.time)
  GROUP BY s.check_id
),
w AS (
  SELECT k.id AS check_id,
    coalesce(h.passed, 0) + coalesce(hd.passed, 0) + coalesce(t.passed, 0) AS passed,
    coalesce(h.failed, 0) + coalesce(hd.failed, 0) + coalesce(t.failed, 0) AS failed,
${(['p95', 'p97', 'p99'] as const)
  .map(
    (p) => `    (coalesce(h.${p}w, 0) + ${weighted(`f.${p}`, HEAD_N)} + ${weighted(`st.${p}`, TAIL_N)})
      / nullif(${WEIGHTS}, 0) AS ${p}`,
  )
  .join(',\n')}
  FROM checks k
  LEFT JOIN hours h ON h.check_id = k.id
  LEFT JOIN head hd ON hd.check_id = k.id
  LEFT JOIN first_hour f ON f.check_id = k.id
  LEFT JOIN tail t ON t.check_id = k.id
  LEFT JOIN check_stats st ON st.check_id = k.id
  WHERE k.deleted_at IS NULL AND ($1::uuid[] IS NULL OR k.id = ANY ($1::uuid[]))
)`;

/** Whether a window is read from the hourly roll-up (longer than an hour). */
export function readsRollUp(windowMs: number): boolean {
  return windowMs > HOUR_MS;
}

/**
 * The CTEs for a window: raw statuses up to an hour; beyond, the hourly roll-up (its per-check
 * sums when `fromSpan`, else its buckets) plus raw statuses.
 */
export function windowCtes(windowMs: number, fromSpan = false): string {
  if (!readsRollUp(windowMs)) return RAW;
  return rolledUp(fromSpan ? HOURS_FROM_SPAN : HOURS_FROM_BUCKETS);
}
