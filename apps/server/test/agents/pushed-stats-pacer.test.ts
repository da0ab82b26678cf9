import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushedStatsPacer } from '../../src/agents/pushed-stats-pacer.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';

/**
 * Pushed results refresh their checks' trailing-hour stats at once on a check's first push and
 * at most once per pace while an agent keeps pushing (issue 39: that refresh was most of a
 * push page's cost). A pace of an hour here, so that only flush() can refresh a paced check.
 */
describe.each(DB_KINDS)('pacing the stats of pushed results on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let checkId: string;

  const push = async (pacer: PushedStatsPacer, passed: boolean, secondsAgo: number) => {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO check_statuses (check_id, time, duration, status) VALUES ($1, now() - $2 * interval '1 second', 10, $3)`,
        [checkId, secondsAgo, passed],
      );
      await pacer.pushed(tx, [checkId]);
    });
  };
  const stats = async () =>
    (
      await db.query<{ passed: number; failed: number }>(
        'SELECT passed, failed FROM check_stats WHERE check_id = $1',
        [checkId],
      )
    ).rows[0];

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    const { rows } = await db.query<{ id: string }>(
      `WITH c AS (INSERT INTO canaries (name) VALUES ('pushed') RETURNING id)
       INSERT INTO checks (canary_id, name, type) SELECT id, 'remote', 'http' FROM c RETURNING id`,
    );
    checkId = rows[0]!.id;
  });
  afterAll(async () => drop());

  it('shows a lone push at once, paces the ones right after it, and catches up on flush', async () => {
    const pacer = new PushedStatsPacer(db, 3_600_000);
    await push(pacer, true, 30);
    expect(await stats()).toEqual({ passed: 1, failed: 0 });

    // The agent keeps pushing: these wait for the pace instead of recomputing every page.
    await push(pacer, false, 20);
    await push(pacer, false, 10);
    expect(await stats()).toEqual({ passed: 1, failed: 0 });

    await pacer.flush();
    expect(await stats()).toEqual({ passed: 1, failed: 2 });
  });

  it('refreshes a check again at once when its pace has passed', async () => {
    const pacer = new PushedStatsPacer(db, 1);
    await push(pacer, true, 8);
    expect(await stats()).toEqual({ passed: 2, failed: 2 });
    await new Promise((r) => setTimeout(r, 10));
    await push(pacer, true, 5);
    expect(await stats()).toEqual({ passed: 3, failed: 2 });
  });
});
