import type { Db } from '../db/types.js';
import type { PushRow } from './push-schema.js';
import { PUSH_TABLES, type PushTable } from './push-tables.js';
import type { UpstreamClient } from './upstream-client.js';

export type PushCounts = {
  pushed: number;
  refused: number;
  deferred: number;
  byTable: Record<string, number>;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A page of a table's pending rows, oldest change first, after the last one sent this round. */
async function pendingPage(
  db: Db,
  table: PushTable,
  afterSeq: string,
  pageSize: number,
): Promise<{ row: PushRow; seq: string }[]> {
  const { rows } = await db.query<{ row: PushRow; seq: string }>(
    `SELECT to_jsonb(t) - 'is_pushed' - 'push_seq' AS row, t.push_seq::text AS seq
       FROM ${quote(table.name)} t
      WHERE NOT t.is_pushed AND t.push_seq > $1::bigint
      ORDER BY t.push_seq LIMIT $2`,
    [afterSeq, pageSize],
  );
  return rows;
}

/** Marks sent rows pushed, unless they changed since (their push_seq moved on): those go again. */
async function markPushed(db: Db, table: PushTable, sent: { row: PushRow; seq: string }[]): Promise<void> {
  if (!sent.length) return;
  const keys = sent.map(({ row, seq }) => ({
    ...Object.fromEntries(table.pk.map((c) => [c, row[c]])),
    push_seq: seq,
  }));
  const match = table.pk.map((c) => `t.${quote(c)} = x.${quote(c)}`).join(' AND ');
  await db.query(
    `UPDATE ${quote(table.name)} t SET is_pushed = true
       FROM jsonb_populate_recordset(NULL::${quote(table.name)}, $1::jsonb) x
      WHERE ${match} AND t.push_seq = x.push_seq AND NOT t.is_pushed`,
    [JSON.stringify(keys)],
  );
}

/**
 * Sends every row not yet pushed, table by table in foreign-key order, a page per request.
 * A page is marked pushed only after the upstream's 2xx; rows it refused are marked too (they
 * will never be taken), rows it deferred (a parent it lacks) stay pending for the next round.
 * Throws UpstreamError when the upstream is away: what was not acknowledged stays pending.
 */
export async function pushPending(
  db: Db,
  client: UpstreamClient,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PushCounts> {
  const counts: PushCounts = { pushed: 0, refused: 0, deferred: 0, byTable: {} };
  for (const table of PUSH_TABLES) {
    let afterSeq = '0';
    for (;;) {
      if (signal?.aborted) return counts;
      const page = await pendingPage(db, table, afterSeq, pageSize);
      if (!page.length) break;
      const result = await client.push({ [table.name]: page.map((p) => p.row) });
      const deferred = new Set(
        result.deferred
          .filter((d) => d.table === table.name)
          .map((d) => JSON.stringify(table.pk.map((c) => d.key[c]))),
      );
      const done = page.filter((p) => !deferred.has(JSON.stringify(table.pk.map((c) => p.row[c]))));
      await markPushed(db, table, done);
      counts.pushed += done.length;
      counts.refused += result.refused.length;
      counts.deferred += deferred.size;
      counts.byTable[table.name] = (counts.byTable[table.name] ?? 0) + done.length;
      afterSeq = page[page.length - 1]?.seq ?? afterSeq;
      if (page.length < pageSize) break;
    }
  }
  return counts;
}
