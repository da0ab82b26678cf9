import type { Db } from '../db/types.js';
import { PUSH_TABLES, type PushTable } from './push-tables.js';
import type { UpstreamClient } from './upstream-client.js';

export type PushCounts = {
  pushed: number;
  refused: number;
  deferred: number;
  byTable: Record<string, number>;
};

/**
 * A page's body stays under this many bytes whatever its row count: pages of 5,000 rows
 * (UPSTREAM_PAGE_SIZE's default) of large config items could otherwise come near the
 * upstream's 64 MB body limit (PUSH_BODY_LIMIT) and hold as much in both servers' memory.
 */
export const PUSH_PAGE_BYTES = 8 * 1024 * 1024;

/** How much one request carries at most: rows (UPSTREAM_PAGE_SIZE) and bytes of body. */
export type PageLimits = { rows: number; bytes: number };

type Page = {
  /** The rows as a JSON array, written by the database and sent as is (no parse, no re-encoding). */
  body: string;
  /** Each row's push_seq and its primary key (JSON of the key values), in order. */
  rows: { seq: string; key: string }[];
  /** Whether the table may hold more pending rows after these (the page was cut by a limit). */
  more: boolean;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A page of a table's pending rows, oldest change first, after the last one sent this round:
 * body and bookkeeping from one statement, so they describe the same rows.
 */
async function pendingRows(
  db: Db,
  table: PushTable,
  afterSeq: string,
  pageSize: number,
): Promise<Omit<Page, 'more'>> {
  const key = `json_build_array(${table.pk.map((c) => `t.${quote(c)}`).join(', ')})`;
  const { rows } = await db.query<{ body: string | null; meta: [string, unknown][] | null }>(
    // to_json of the whole row (json, not jsonb: several times faster on the embedded database);
    // is_pushed and push_seq ride along and the upstream ignores them.
    `WITH p AS (
       SELECT t AS row, t.push_seq, ${key} AS k
         FROM ${quote(table.name)} t
        WHERE NOT t.is_pushed AND t.push_seq > $1::bigint
        ORDER BY t.push_seq LIMIT $2)
     SELECT (SELECT json_agg(row ORDER BY push_seq) FROM p)::text AS body,
            (SELECT json_agg(json_build_array(push_seq::text, k) ORDER BY push_seq) FROM p) AS meta`,
    [afterSeq, pageSize],
  );
  const first = rows[0];
  return {
    body: first?.body ?? '[]',
    rows: (first?.meta ?? []).map(([seq, k]) => ({ seq, key: JSON.stringify(k) })),
  };
}

/**
 * The next page within both limits. A page over the byte limit is read again with as many rows
 * as fit by its average row size (rare: only tables of large rows); a single row over it goes
 * alone, and the upstream's body limit decides.
 */
async function pendingPage(db: Db, table: PushTable, afterSeq: string, limits: PageLimits): Promise<Page> {
  let size = limits.rows;
  for (;;) {
    const page = await pendingRows(db, table, afterSeq, size);
    const bytes = Buffer.byteLength(page.body);
    if (bytes <= limits.bytes || page.rows.length <= 1) return { ...page, more: page.rows.length >= size };
    size = Math.max(1, Math.floor((page.rows.length * limits.bytes) / bytes));
    if (size >= page.rows.length) size = page.rows.length - 1;
  }
}

/**
 * Marks sent rows pushed by their push_seq: one seq names one version of one row, so a row
 * changed since it was read (a new seq) stays pending and goes again.
 */
async function markPushed(db: Db, table: PushTable, seqs: string[]): Promise<void> {
  if (!seqs.length) return;
  await db.query(
    `UPDATE ${quote(table.name)} SET is_pushed = true WHERE NOT is_pushed AND push_seq = ANY($1::bigint[])`,
    [seqs],
  );
}

/**
 * Sends every row not yet pushed, table by table in foreign-key order, a page per request
 * (at most `limits.rows` rows and `limits.bytes` of body).
 * A page is marked pushed only after the upstream's 2xx; rows it refused are marked too (they
 * will never be taken), rows it deferred (a parent it lacks) stay pending for the next round.
 * The next page is read while one is on the wire. Throws UpstreamError when the upstream is
 * away: what was not acknowledged stays pending.
 */
export async function pushPending(
  db: Db,
  client: Pick<UpstreamClient, 'pushRaw'>,
  limits: PageLimits,
  signal?: AbortSignal,
): Promise<PushCounts> {
  const counts: PushCounts = { pushed: 0, refused: 0, deferred: 0, byTable: {} };
  for (const table of PUSH_TABLES) {
    let page = await pendingPage(db, table, '0', limits);
    // The previous page's marking runs while this page is on the wire.
    let marking: Promise<void> = Promise.resolve();
    while (page.rows.length && !signal?.aborted) {
      const last = page.rows[page.rows.length - 1]?.seq ?? '0';
      const sending = client.pushRaw(`{${JSON.stringify(table.name)}:${page.body}}`);
      const next = page.more ? pendingPage(db, table, last, limits) : Promise.resolve(null);
      // All settle before going on: a failed push must not leave a read or a marking unobserved.
      const [result, following] = await Promise.all([sending, next, marking]);
      const deferred = new Set(
        result.deferred
          .filter((d) => d.table === table.name)
          .map((d) => JSON.stringify(table.pk.map((c) => d.key[c]))),
      );
      const done = page.rows.filter((r) => !deferred.has(r.key));
      marking = markPushed(
        db,
        table,
        done.map((r) => r.seq),
      );
      counts.pushed += done.length;
      counts.refused += result.refused.length;
      counts.deferred += deferred.size;
      counts.byTable[table.name] = (counts.byTable[table.name] ?? 0) + done.length;
      if (!following) break;
      page = following;
    }
    await marking;
  }
  return counts;
}
