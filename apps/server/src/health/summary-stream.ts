import type { Db } from '../db/types.js';
import { byCanaryThenName, FILTERS, summaryEntries, type SummaryQuery } from './summary.js';

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
 * The summary's entries joined with commas, a chunk at a time. The entries are read by one
 * query before the answer starts (so a failing database is an error status, not half an
 * answer), as for the summary built whole — reading them chunk by chunk made each chunk compute
 * its window again: 24 hours took minutes — but never joined into one string, which the answer
 * then copied again, and never kept for sharing.
 */
export async function summaryChunks(
  db: Db,
  q: SummaryQuery,
  chunk = SUMMARY_CHUNK,
): Promise<Iterable<string>> {
  const rows = await summaryEntries(db, q);
  rows.sort(byCanaryThenName);
  function* chunks(): Generator<string> {
    for (let i = 0; i < rows.length; i += chunk) {
      const text = rows
        .slice(i, i + chunk)
        .map((r) => r.entry)
        .join(',');
      yield i === 0 ? text : `,${text}`;
    }
  }
  return chunks();
}
