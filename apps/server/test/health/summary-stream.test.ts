import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { recordCheckResult } from '../../src/health/record.js';
import { checksSummaryJson } from '../../src/health/summary.js';
import { summaryChunks, summaryCount } from '../../src/health/summary-stream.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, freshDb } from '../helpers.js';

/**
 * A large estate's whole summary goes out a chunk at a time (issue 39: at 100k checks the
 * summary built as one string grew the server by 250 MB a request). The chunks must make
 * exactly the summary the small estates get in one piece.
 */
describe.each(DB_KINDS)('the summary streamed in chunks on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    const url = 'http://127.0.0.1:9/';
    for (const [canary, names] of [
      ['web', ['home', 'login', 'Api']],
      ['ledger', ['db', 'queue']],
    ] as const) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO canaries (name, spec) VALUES ($1, $2) RETURNING id`,
        [canary, JSON.stringify({ http: names.map((name) => ({ name, url, labels: { canary } })) })],
      );
      await syncCanaryChecks(db, rows[0]!.id);
    }
    const checks = (await db.query<{ id: string; name: string }>('SELECT id, name FROM checks')).rows;
    for (const c of checks)
      await recordCheckResult(
        db,
        c.id,
        { time: new Date(), pass: c.name !== 'login', durationMs: 7, message: 'm', error: null, details: {} },
        null,
      );
  });
  afterAll(() => drop());

  const streamed = async (windowMs: number, labels?: Record<string, string>) => {
    const q = { windowMs, labels };
    let text = '';
    for await (const part of await summaryChunks(db, q, 2)) text += part;
    return JSON.parse(`[${text}]`) as unknown[];
  };

  it('makes the same summary as the one built whole, in the same order, for any window and labels', async () => {
    for (const windowMs of [3_600_000, 900_000, 86_400_000]) {
      const whole = JSON.parse(await checksSummaryJson(db, { windowMs })) as { name: string }[];
      expect(whole.map((e) => e.name)).toEqual(['db', 'queue', 'Api', 'home', 'login']);
      expect(await streamed(windowMs)).toEqual(whole);
    }
    const labels = { canary: 'web' };
    expect(await streamed(3_600_000, labels)).toEqual(
      JSON.parse(await checksSummaryJson(db, { windowMs: 3_600_000, labels })),
    );
  });

  it('counts the checks it holds, and sends nothing for an empty selection', async () => {
    expect(await summaryCount(db, { windowMs: 3_600_000 })).toBe(5);
    expect(await summaryCount(db, { windowMs: 3_600_000, labels: { canary: 'ledger' } })).toBe(2);
    const none: string[] = [];
    for await (const part of await summaryChunks(db, { windowMs: 3_600_000, labels: { canary: 'none' } }, 2))
      none.push(part);
    expect(none).toEqual([]);
  });
});
