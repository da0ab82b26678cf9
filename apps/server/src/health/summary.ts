import type { Db, Queryable } from '../db/types.js';
import { CHECK_COLUMNS, CHECK_JSON } from './summary-sql.js';

export type SummaryQuery = { checkId?: string; labels?: Record<string, string>; windowMs: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const FILTERS = `k.deleted_at IS NULL AND c.deleted_at IS NULL
  AND ($1::uuid IS NULL OR k.id = $1::uuid) AND ($2::jsonb IS NULL OR k.labels @> $2::jsonb)`;

/** Windowed uptime and latency per check: raw statuses up to a day, hourly roll-ups beyond. */
function windowSource(windowMs: number): string {
  return windowMs <= DAY_MS
    ? `SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
         percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
         percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99
       FROM check_statuses WHERE time > now() - $3 * interval '1 millisecond'
         AND ($1::uuid IS NULL OR check_id = $1::uuid) GROUP BY check_id`
    : `SELECT check_id, sum(passed) AS passed, sum(failed) AS failed,
         sum(p95 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p95,
         sum(p97 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p97,
         sum(p99 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p99
       FROM check_statuses_1h WHERE time > now() - $3 * interval '1 millisecond'
         AND ($1::uuid IS NULL OR check_id = $1::uuid) GROUP BY check_id`;
}

/**
 * The dashboard summary as one JSON array, built by the database. The default 1h window
 * concatenates check_summaries entries (rewritten by each run, so no status is scanned and
 * almost no JSON is built per request); other windows
 * aggregate raw statuses (up to a day) or the hourly roll-ups (longer). rolling1h is always
 * the trailing hour's mean latency. Rows are sorted before the JSON is built (sorting the
 * built JSON would spill to disk at 10k checks).
 */
export async function checksSummaryJson(db: Queryable, q: SummaryQuery): Promise<string> {
  const params: unknown[] = [q.checkId ?? null, q.labels ? JSON.stringify(q.labels) : null];
  if (q.windowMs === HOUR_MS) {
    // Fresh cached entries are concatenated; stale or missing ones are built here. Only the
    // entry and its sort keys reach the sort, which gets enough memory to stay off disk.
    const sql = `SELECT '[' || coalesce(string_agg(y.entry, ',' ORDER BY y.canary_name, y.name), '') || ']' AS json
       FROM (
         SELECT x.canary_name, x.name,
           CASE WHEN x.cached_at > now() - interval '1 hour' THEN x.cached ELSE (${CHECK_JSON})::text END AS entry
         FROM (
           SELECT ${CHECK_COLUMNS}, s.passed, s.failed, s.last_pass, s.last_fail, s.p95, s.p97, s.p99, s.rolling1h,
             cs.json AS cached, cs.stats_at AS cached_at
           FROM checks k JOIN canaries c ON c.id = k.canary_id
           LEFT JOIN check_summaries cs ON cs.check_id = k.id
           LEFT JOIN check_stats s ON s.check_id = k.id AND s.updated_at > now() - interval '1 hour'
           WHERE ${FILTERS}
         ) x
       ) y`;
    const run = async (tx: Queryable) =>
      (await tx.query<{ json: string }>(sql, params)).rows[0]?.json ?? '[]';
    if (!('transaction' in db)) return run(db);
    return (db as Db).transaction(async (tx) => {
      await tx.query("SET LOCAL work_mem = '32MB'");
      return run(tx);
    });
  }
  params.push(q.windowMs);
  const inner = `WITH w AS (${windowSource(q.windowMs)})
    SELECT ${CHECK_COLUMNS}, w.passed, w.failed, s.last_pass, s.last_fail, w.p95, w.p97, w.p99, s.rolling1h
    FROM checks k JOIN canaries c ON c.id = k.canary_id
    LEFT JOIN w ON w.check_id = k.id
    LEFT JOIN check_stats s ON s.check_id = k.id
    WHERE ${FILTERS} ORDER BY c.name, k.name`;
  const { rows } = await db.query<{ json: string }>(
    `SELECT coalesce(json_agg(${CHECK_JSON}), '[]')::text AS json FROM (${inner}) x`,
    params,
  );
  return rows[0]?.json ?? '[]';
}

const inFlight = new WeakMap<Queryable, Map<string, Promise<string>>>();

/** Identical summary requests arriving together share one query (dashboards poll in step). */
export function sharedChecksSummaryJson(db: Queryable, q: SummaryQuery): Promise<string> {
  const key = JSON.stringify([q.checkId ?? null, q.labels ?? null, q.windowMs]);
  let pending = inFlight.get(db);
  if (!pending) inFlight.set(db, (pending = new Map()));
  const running = pending;
  let p = running.get(key);
  if (!p) {
    p = checksSummaryJson(db, q).finally(() => running.delete(key));
    running.set(key, p);
  }
  return p;
}
