import type { Queryable } from '../db/types.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Bucket width for a range: ≤2h → 1m, ≤24h → 15m, ≤7d → 1h, else 4h; widened so at most `count` buckets. */
export function bucketMs(rangeMs: number, count: number): number {
  const base = rangeMs <= 2 * HOUR ? MIN : rangeMs <= DAY ? 15 * MIN : rangeMs <= 7 * DAY ? HOUR : 4 * HOUR;
  const needed = Math.ceil(rangeMs / Math.max(1, count));
  return needed <= base ? base : Math.ceil(needed / base) * base;
}

export type GraphPoint = { time: string; status: boolean; duration: number; passed: number; failed: number };
export type Graph = {
  status: GraphPoint[];
  latency: { p95: number; p97: number; p99: number };
  uptime: { passed: number; failed: number };
};

type BucketRow = { t: Date; passed: string; failed: string; duration: number | null };
type TotalRow = {
  passed: string | null;
  failed: string | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
};

/**
 * A check's history for the graph: one point per bucket that has results (status false
 * when any run in it failed, duration the mean), plus uptime and latency over the range.
 * Ranges up to a day read raw statuses; longer ones read the hourly roll-ups.
 */
export async function checkGraph(
  db: Queryable,
  checkId: string,
  start: Date,
  end: Date,
  count: number,
): Promise<Graph> {
  const range = Math.max(0, end.getTime() - start.getTime());
  const bucket = bucketMs(range, count);
  const raw = range <= DAY;
  const params = [checkId, start, end, `${bucket / 1000} seconds`];
  const buckets = raw
    ? await db.query<BucketRow>(
        `SELECT date_bin($4::interval, time, timestamptz '2000-01-01') AS t,
           count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed, avg(duration)::float8 AS duration
         FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time <= $3 GROUP BY 1 ORDER BY 1`,
        params,
      )
    : await db.query<BucketRow>(
        `SELECT date_bin($4::interval, time, timestamptz '2000-01-01') AS t,
           sum(passed) AS passed, sum(failed) AS failed, (sum(duration_sum)::float8 / nullif(sum(passed + failed), 0)) AS duration
         FROM check_statuses_1h WHERE check_id = $1 AND time >= date_trunc('hour', $2::timestamptz) AND time <= $3
         GROUP BY 1 ORDER BY 1`,
        params,
      );
  const totals = raw
    ? await db.query<TotalRow>(
        `SELECT count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
           percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
           percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99
         FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time <= $3`,
        params.slice(0, 3),
      )
    : await db.query<TotalRow>(
        `SELECT sum(passed) AS passed, sum(failed) AS failed,
           sum(p95 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p95,
           sum(p97 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p97,
           sum(p99 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p99
         FROM check_statuses_1h WHERE check_id = $1 AND time >= date_trunc('hour', $2::timestamptz) AND time <= $3`,
        params.slice(0, 3),
      );
  const t = totals.rows[0];
  const points = buckets.rows.slice(-Math.max(1, count)).map((r) => ({
    time: new Date(r.t).toISOString(),
    status: Number(r.failed) === 0,
    duration: Math.round(r.duration ?? 0),
    passed: Number(r.passed),
    failed: Number(r.failed),
  }));
  return {
    status: points,
    latency: { p95: Math.round(t?.p95 ?? 0), p97: Math.round(t?.p97 ?? 0), p99: Math.round(t?.p99 ?? 0) },
    uptime: { passed: Number(t?.passed ?? 0), failed: Number(t?.failed ?? 0) },
  };
}
