import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorBatches } from '../../src/db/cursor.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';

type Row = { n: number };
const numbers = (upTo: number) => ({
  sql: 'SELECT g AS n FROM generate_series(1, $1::int) g ORDER BY g',
  params: [upTo],
});
const joined = (rows: Row[]) => rows.map((r) => r.n).join(' ');

/** A large answer read through a cursor (the whole health summary at 100k checks, issue 39). */
describe.each(DB_KINDS)('rows a batch at a time through a cursor on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
  });
  afterAll(() => drop());

  const openTransactions = async () => {
    if (db.kind !== 'postgresql') return 0;
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    return rows[0]?.n ?? 0;
  };

  it('gives every row once, in order, in batches of the size asked, each mapped as it is read', async () => {
    const seen: string[] = [];
    for await (const batch of await cursorBatches(db, async () => numbers(7), 3, joined)) seen.push(batch);
    expect(seen).toEqual(['1 2 3', '4 5 6', '7']);
    const exact: string[] = [];
    for await (const batch of await cursorBatches(db, async () => numbers(4), 2, joined)) exact.push(batch);
    expect(exact).toEqual(['1 2', '3 4']);
    const none: string[] = [];
    for await (const batch of await cursorBatches(db, async () => numbers(0), 2, joined)) none.push(batch);
    expect(none).toEqual([]);
  });

  it('fails before the first batch when the statement fails, and the database goes on', async () => {
    await expect(
      cursorBatches(db, async () => ({ sql: 'SELECT n FROM no_such_table', params: [] }), 2, joined),
    ).rejects.toThrow(/no_such_table/);
    expect((await db.query<Row>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('ends its transaction when the reader stops early', async () => {
    const batches = await cursorBatches(db, async () => numbers(1000), 10, joined);
    for await (const batch of batches) {
      expect(batch).toMatch(/^1 2 3/);
      break;
    }
    await expect.poll(openTransactions).toBe(0);
    expect((await db.query<Row>('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
  });

  if (kind === 'pglite') {
    it('reads every batch before giving the first, so a slow reader never holds the one connection', async () => {
      const batches = await cursorBatches(db, async () => numbers(100), 10, joined);
      // Not a batch taken yet, and the database answers at once.
      expect((await db.query<Row>('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
      const all: string[] = [];
      for await (const batch of batches) all.push(batch);
      expect(all).toHaveLength(10);
    });
  } else {
    it('keeps one batch ahead of the reader, and closes the cursor of a reader that stopped taking', async () => {
      const batches = await cursorBatches(db, async () => numbers(100), 10, joined, 100);
      expect(await openTransactions()).toBe(1);
      await expect(batches.next()).resolves.toEqual({ value: expect.stringMatching(/^1 2/), done: false });
      // The reader leaves it waiting past the idle limit: the transaction ends …
      await expect.poll(openTransactions, { timeout: 5000 }).toBe(0);
      // … and the reader, back, gets the batch read ahead, then the reason.
      await expect(batches.next()).resolves.toEqual({ value: expect.stringMatching(/^11 12/), done: false });
      await expect(batches.next()).rejects.toThrow('the reader stopped taking rows; the cursor was closed');
    });
  }
});
