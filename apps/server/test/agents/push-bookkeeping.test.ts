import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { DB_KINDS, freshDb } from '../helpers.js';

type Row = { is_pushed: boolean; push_seq: string };

/** Migration 100's trigger: what the push job relies on to never lose a change. */
describe.each(DB_KINDS)('push bookkeeping on %s', (kind) => {
  let fresh: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => {
    fresh = await freshDb(kind);
    await migrate(fresh.db);
  });
  afterAll(() => fresh.drop());

  const read = async (id: string) =>
    (await fresh.db.query<Row>('SELECT is_pushed, push_seq::text FROM job_history WHERE id = $1', [id]))
      .rows[0];

  it('gives every insert and change a new push_seq and makes it pending; marking by seq keeps it pushed', async () => {
    const { rows } = await fresh.db.query<{ id: string }>(
      `INSERT INTO job_history (name, status, is_pushed) VALUES ('j', 'RUNNING', true) RETURNING id`,
    );
    const id = rows[0]?.id ?? '';
    const first = await read(id);
    expect(first?.is_pushed).toBe(false);
    // The change lands between the read and the acknowledgement: the old seq marks nothing.
    await fresh.db.query(`UPDATE job_history SET status = 'SUCCESS' WHERE id = $1`, [id]);
    const changed = await read(id);
    expect(BigInt(changed?.push_seq ?? 0)).toBeGreaterThan(BigInt(first?.push_seq ?? 0));
    await fresh.db.query(
      'UPDATE job_history SET is_pushed = true WHERE NOT is_pushed AND push_seq = ANY($1::bigint[])',
      [[first?.push_seq]],
    );
    expect((await read(id))?.is_pushed).toBe(false);
    await fresh.db.query(
      'UPDATE job_history SET is_pushed = true WHERE NOT is_pushed AND push_seq = ANY($1::bigint[])',
      [[changed?.push_seq]],
    );
    expect(await read(id)).toEqual({ is_pushed: true, push_seq: changed?.push_seq });
    // A later change makes it pending again.
    await fresh.db.query(`UPDATE job_history SET error_count = 1 WHERE id = $1`, [id]);
    expect((await read(id))?.is_pushed).toBe(false);
  });
});
