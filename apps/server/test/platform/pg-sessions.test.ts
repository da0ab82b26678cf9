import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { freshDb } from '../helpers.js';

describe('PostgreSQL sessions the console opens', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb('postgresql'));
  });
  afterAll(() => drop());

  it('run without JIT, which compiled for longer than the statements ran at ten times our sizes', async () => {
    const show = async (q: { query: Db['query'] }) =>
      (await q.query<{ jit: string }>('SHOW jit')).rows[0]?.jit;
    expect(await show(db)).toBe('off');
    expect(await db.read((q) => show(q))).toBe('off');
    expect(await db.transaction((tx) => show(tx))).toBe('off');
  });
});
