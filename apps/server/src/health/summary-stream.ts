import type { Db } from '../db/types.js';
import { cursorBatches } from '../db/cursor.js';
import { entryOf, FILTERS, summaryStatement, type RawEntryRow, type SummaryQuery } from './summary.js';

/**
 * Above this many checks the whole summary is streamed in chunks instead of joined into one
 * string and shared: at 100k checks that string is 77 MB, and each request grew the server's
 * memory by about 250 MB (docs/benchmarks.md, ten times the scale).
 */
export const SUMMARY_STREAM_FROM = 10_000;
/** Entries per chunk written to the answer. */
export const SUMMARY_CHUNK = 2_000;

/** How many checks the summary holds. */
export async function summaryCount(db: Db, q: SummaryQuery): Promise<number> {
  const params: unknown[] = [q.checkId ? [q.checkId] : null, q.labels ? JSON.stringify(q.labels) : null];
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM checks k JOIN canaries c ON c.id = k.canary_id WHERE ${FILTERS}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The summary's entries joined with commas, a chunk at a time, in the order of the summary built
 * whole: read through a cursor over the one statement (db/cursor.ts), so the window is computed
 * once — reading chunk by chunk with a statement each made each chunk compute it again: 24
 * hours took minutes — and on PostgreSQL written as it is read: the server holds a chunk or two
 * of a 100k-check answer, not every entry (which took it from 267 to 550 MiB over three calls).
 * The first chunk is read before the answer starts, so a failing database is an error status,
 * not half an answer.
 */
export async function summaryChunks(
  db: Db,
  q: SummaryQuery,
  chunk = SUMMARY_CHUNK,
): Promise<AsyncIterableIterator<string>> {
  let first = true;
  return cursorBatches<RawEntryRow, string>(
    db,
    async (tx) => {
      const { sql, params } = await summaryStatement(tx, q);
      // Code-unit order, as the summary built whole is sorted (byCanaryThenName).
      return { sql: `${sql} ORDER BY x.canary_name COLLATE "C", x.name COLLATE "C"`, params };
    },
    chunk,
    (rows) => {
      const text = rows.map(entryOf).join(',');
      if (first) {
        first = false;
        return text;
      }
      return `,${text}`;
    },
  );
}
