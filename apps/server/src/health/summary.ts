import type { Queryable } from '../db/types.js';
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

type EntryRow = { canary_name: string; name: string; entry: string };

// Code-unit order, as PostgreSQL's C collation sorts.
const byCanaryThenName = (a: EntryRow, b: EntryRow) =>
  a.canary_name < b.canary_name
    ? -1
    : a.canary_name > b.canary_name
      ? 1
      : a.name < b.name
        ? -1
        : a.name > b.name
          ? 1
          : 0;

/**
 * The dashboard summary as one JSON array of entries written by the database. The default 1h
 * window takes check_summaries entries (rewritten by each run, so no status is scanned and
 * almost no JSON is built per request); other windows aggregate raw statuses (up to a day) or
 * the hourly roll-ups (longer). rolling1h is always the trailing hour's mean latency.
 * Entries come back as rows and are sorted and joined here: string_agg over 10k entries
 * (8 MB) costs PostgreSQL more than the rest of the query, and sorting them there spills.
 */
export async function checksSummaryJson(db: Queryable, q: SummaryQuery): Promise<string> {
  const params: unknown[] = [q.checkId ?? null, q.labels ? JSON.stringify(q.labels) : null];
  let sql: string;
  if (q.windowMs === HOUR_MS) {
    // Fresh cached entries are taken as they are; stale or missing ones are built here.
    sql = `SELECT x.canary_name, x.name,
         CASE WHEN x.cached_at > now() - interval '1 hour' THEN x.cached ELSE (${CHECK_JSON})::text END AS entry
       FROM (
         SELECT ${CHECK_COLUMNS}, s.passed, s.failed, s.last_pass, s.last_fail, s.p95, s.p97, s.p99, s.rolling1h,
           cs.json AS cached, cs.stats_at AS cached_at
         FROM checks k JOIN canaries c ON c.id = k.canary_id
         LEFT JOIN check_summaries cs ON cs.check_id = k.id
         LEFT JOIN check_stats s ON s.check_id = k.id AND s.updated_at > now() - interval '1 hour'
         WHERE ${FILTERS}
       ) x`;
  } else {
    params.push(q.windowMs);
    sql = `WITH w AS (${windowSource(q.windowMs)})
      SELECT x.canary_name, x.name, (${CHECK_JSON})::text AS entry
      FROM (
        SELECT ${CHECK_COLUMNS}, w.passed, w.failed, s.last_pass, s.last_fail, w.p95, w.p97, w.p99, s.rolling1h
        FROM checks k JOIN canaries c ON c.id = k.canary_id
        LEFT JOIN w ON w.check_id = k.id
        LEFT JOIN check_stats s ON s.check_id = k.id
        WHERE ${FILTERS}
      ) x`;
  }
  const { rows } = await db.query<EntryRow>(sql, params);
  rows.sort(byCanaryThenName);
  return `[${rows.map((r) => r.entry).join(',')}]`;
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
