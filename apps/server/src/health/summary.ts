import { SharedResults } from '../db/shared-results.js';
import type { CursorStatement } from '../db/cursor.js';
import type { Db, Queryable } from '../db/types.js';
import { CHECK_COLUMNS, CHECK_JSON, STATS_JSON } from './summary-sql.js';
import { readsRollUp, ROLLED_UP_TO, SPAN_ROLLED_UP_TO, windowCtes } from './summary-window.js';

export type SummaryQuery = {
  checkId?: string;
  /** Only these checks (a page of the dashboard). */
  ids?: readonly string[];
  labels?: Record<string, string>;
  windowMs: number;
};

const HOUR_MS = 3_600_000;

export const FILTERS = `k.deleted_at IS NULL AND c.deleted_at IS NULL
  AND ($1::uuid[] IS NULL OR k.id = ANY ($1::uuid[])) AND ($2::jsonb IS NULL OR k.labels @> $2::jsonb)`;

export type EntryRow = { id: string; canary_name: string; name: string; entry: string };

// Code-unit order, as PostgreSQL's C collation sorts.
export const byCanaryThenName = (a: EntryRow, b: EntryRow) =>
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
 * almost no JSON is built per request); shorter windows aggregate raw statuses, longer ones
 * the hourly roll-up plus the raw statuses it does not cover (summary-window.ts).
 * rolling1h is always the trailing hour's mean latency.
 * Entries come back as rows and are sorted and joined here: string_agg over 10k entries
 * (8 MB) costs PostgreSQL more than the rest of the query, and sorting them there spills.
 */
export async function checksSummaryJson(db: Db, q: SummaryQuery): Promise<string> {
  const rows = await summaryEntries(db, q);
  rows.sort(byCanaryThenName);
  return `[${rows.map((r) => r.entry).join(',')}]`;
}

/** A row of the summary's statement: a cached entry's check fields and its new figures, or a whole entry. */
export type RawEntryRow = EntryRow & { cached?: string | null };

/** The entry a row of the summary's statement makes. */
export const entryOf = (r: RawEntryRow): string => (r.cached ? withStats(r.cached, r.entry) : r.entry);

/** The summary's entries, one row per check, in no particular order. */
export async function summaryEntries(db: Db, q: SummaryQuery): Promise<EntryRow[]> {
  const read = async (on: Queryable) => {
    const { sql, params } = await summaryStatement(on, q);
    return (await on.query<RawEntryRow>(sql, params)).rows;
  };
  // The hour is one statement (no transaction: one round trip); another window sets its
  // transaction up first.
  const built = q.windowMs === HOUR_MS ? await read(db) : await db.transaction(read, { readOnly: true });
  return built.map((r) => (r.cached ? { ...r, entry: entryOf(r) } : r));
}

/**
 * The summary's statement, made in the transaction that runs it: a window other than the hour
 * sets the transaction up and reads its roll-up bound first (windowStatement).
 */
export function summaryStatement(tx: Queryable, q: SummaryQuery): Promise<CursorStatement> {
  return q.windowMs === HOUR_MS ? Promise.resolve(hourStatement(q)) : windowStatement(tx, q);
}

const filterParams = (q: SummaryQuery): unknown[] => [
  q.checkId ? [q.checkId] : (q.ids ?? null),
  q.labels ? JSON.stringify(q.labels) : null,
];

/** The hour: fresh cached entries are taken as they are; stale or missing ones are built here. */
function hourStatement(q: SummaryQuery): CursorStatement {
  const sql = `SELECT x.id, x.canary_name, x.name,
       CASE WHEN x.cached_at > now() - interval '1 hour' THEN x.cached ELSE (${CHECK_JSON})::text END AS entry
     FROM (
       SELECT ${CHECK_COLUMNS}, s.passed, s.failed, s.last_pass, s.last_fail, s.p95, s.p97, s.p99, s.rolling1h,
         cs.json AS cached, cs.stats_at AS cached_at
       FROM checks k JOIN canaries c ON c.id = k.canary_id
       LEFT JOIN check_summaries cs ON cs.check_id = k.id
       LEFT JOIN check_stats s ON s.check_id = k.id AND s.updated_at > now() - interval '1 hour'
       WHERE ${FILTERS}
     ) x`;
  return { sql, params: filterParams(q) };
}

/**
 * Another window. Entries cached within the hour are current but for their uptime and latency:
 * those are written anew and put after the cached check fields (entryOf), which costs far less
 * than a whole entry.
 */
async function windowStatement(tx: Queryable, q: SummaryQuery): Promise<CursorStatement> {
  const params = [...filterParams(q), q.windowMs];
  // Measured at 10k checks, each of these made the query 1.5-3 times slower: JIT compiles
  // for longer than the query runs (PostgreSQL turns it on for its row estimates), a merge
  // join sorts the statuses not rolled up where a hash of the checks' marks does, and
  // parallel workers start up for longer than they save on a few hundred thousand rows.
  // Repeatable read: the bounds asked first and the summary see the same roll-up pass.
  await tx.exec(
    'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ; SET LOCAL jit = off; SET LOCAL enable_mergejoin = off; SET LOCAL max_parallel_workers_per_gather = 0',
  );
  const span = readsRollUp(q.windowMs) ? await spanRolledUpTo(tx, q.windowMs) : null;
  if (readsRollUp(q.windowMs)) params.push(span ?? (await rolledUpTo(tx)));
  const sql = `WITH ${windowCtes(q.windowMs, span !== null)}
    SELECT x.id, x.canary_name, x.name,
      CASE WHEN x.cached_at > now() - interval '1 hour' THEN x.cached END AS cached,
      CASE WHEN x.cached_at > now() - interval '1 hour' THEN ${STATS_JSON} ELSE (${CHECK_JSON})::text END AS entry
    FROM (
      SELECT ${CHECK_COLUMNS}, w.passed, w.failed, s.last_pass, s.last_fail, w.p95, w.p97, w.p99, s.rolling1h,
        cs.json AS cached, cs.stats_at AS cached_at
      FROM checks k JOIN canaries c ON c.id = k.canary_id
      LEFT JOIN w ON w.check_id = k.id
      LEFT JOIN check_stats s ON s.check_id = k.id
      LEFT JOIN check_summaries cs ON cs.check_id = k.id
      WHERE ${FILTERS}
    ) x`;
  return { sql, params };
}

/** A cached entry's check fields followed by `stats` (STATS_JSON: `,"uptime":…}`). */
function withStats(cached: string, stats: string): string {
  // The last one: the labels object, earlier in the entry, may have an "uptime" key too.
  return cached.slice(0, cached.lastIndexOf(',"uptime":')) + stats;
}

/**
 * Asked before the summary, so that its plan is made for the real bound (a few minutes of
 * statuses), not for an unknown one.
 */
export async function rolledUpTo(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ bound: Date | null }>(ROLLED_UP_TO);
  return rows[0]?.bound ?? null;
}

/** Up to when the roll-up's per-check sums have read statuses when they fit the window, else null. */
export async function spanRolledUpTo(q: Queryable, windowMs: number): Promise<Date | null> {
  const { rows } = await q.query<{ rolled_up_to: Date }>(SPAN_ROLLED_UP_TO, [windowMs]);
  return rows[0]?.rolled_up_to ?? null;
}

/** Bumped by every change a user would see in the summary (migration 205). */
const summaries = new SharedResults<string>('SELECT n AS version FROM health_changes');

/**
 * The summary, shared between the requests asking the same question while it runs and for
 * `shareMs` after (SUMMARY_SHARE), never after a status changed or a check was added, removed
 * or edited (db/shared-results.ts). The summary is the same for every user allowed to read
 * canaries, which the route checks per request.
 */
export function sharedChecksSummaryJson(db: Db, q: SummaryQuery, shareMs: number): Promise<string> {
  const key = JSON.stringify([q.checkId ?? null, q.labels ?? null, q.windowMs]);
  return summaries.get(db, key, shareMs, () => checksSummaryJson(db, q));
}
