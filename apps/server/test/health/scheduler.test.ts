import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/pg.js';
import type { Db } from '../../src/db/types.js';
import { claimDueCanaries } from '../../src/health/claim.js';
import { runCanaryLoop, runDueCanaries } from '../../src/health/scheduler.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { freshDb } from '../helpers.js';
import { healthContext } from './context.js';
import { httpServer, type Listening } from './peers.js';

// How a schedule turns into the next run is tested with the calculator, in packages/shared.
describe('two replicas on one PostgreSQL database', () => {
  let a: Db;
  let b: Db;
  let drop: () => Promise<void>;
  let target: Listening;
  let hits = 0;
  beforeAll(async () => {
    const fresh = await freshDb('postgresql');
    a = fresh.db;
    drop = fresh.drop;
    await migrate(a);
    b = await openPostgres(fresh.url!, { poolSize: 5, statementTimeoutMs: 5000 });
    target = await httpServer((_req, res) => {
      hits++;
      res.end('ok');
    });
  });
  afterAll(async () => {
    await b.close();
    await drop();
    await target.close();
  });

  it('run a due canary once, and not again before its next slot', async () => {
    const spec = { schedule: '@every 1h', http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/` }] };
    const { rows } = await a.query<{ id: string }>(
      "INSERT INTO canaries (name, spec, schedule) VALUES ('shop', $1, '@every 1h') RETURNING id",
      [JSON.stringify(spec)],
    );
    await syncCanaryChecks(a, rows[0]!.id);
    for (let i = 0; i < 10; i++)
      await a.query("INSERT INTO canaries (name, spec) VALUES ($1, '{}')", [`empty-${i}`]);

    const [ranA, ranB] = await Promise.all([
      runDueCanaries(healthContext(a)),
      runDueCanaries(healthContext(b)),
    ]);
    expect(ranA + ranB).toBe(11);
    expect(hits).toBe(1);
    const statuses = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM check_statuses');
    expect(statuses.rows[0]?.n).toBe(1);
    const jobs = await a.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM job_histories WHERE resource_type = 'canary' AND resource_name = 'shop' AND status = 'SUCCESS'",
    );
    expect(jobs.rows[0]?.n).toBe(1);

    // A restarted replica finds nothing due: the next slot is stored in the database.
    expect(await claimDueCanaries(b)).toEqual([]);
    // At the next slot it runs again, once.
    const later = new Date(Date.now() + 3_600_000 + 1000);
    const again = await Promise.all([claimDueCanaries(a, 100, later), claimDueCanaries(b, 100, later)]);
    expect(again.flat().length).toBe(11);
  });
});

describe('the canary loop with many canaries due at once', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let target: Listening;
  const claimedWhenRequested: number[] = [];
  beforeAll(async () => {
    ({ db, drop } = await freshDb('postgresql'));
    await migrate(db);
    target = await httpServer((_req, res) => {
      void db
        .query<{ n: number }>('SELECT count(*)::int AS n FROM canaries WHERE last_runtime IS NOT NULL')
        .then(({ rows }) => {
          claimedWhenRequested.push(rows[0]?.n ?? -1);
          setTimeout(() => res.end('ok'), 150);
        });
    });
  });
  afterAll(async () => {
    await drop();
    await target.close();
  });

  it('claims no more canaries than checks may run at once (CHECK_CONCURRENCY); the others wait due, and all run', async () => {
    for (let i = 0; i < 6; i++) {
      const spec = {
        schedule: '@every 1h',
        http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/` }],
      };
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO canaries (name, spec, schedule) VALUES ($1, $2, '@every 1h') RETURNING id",
        [`due-${i}`, JSON.stringify(spec)],
      );
      await syncCanaryChecks(db, rows[0]!.id);
    }
    const stop = new AbortController();
    const loop = runCanaryLoop(healthContext(db, { CHECK_CONCURRENCY: '2' }), stop.signal);
    await expect.poll(() => claimedWhenRequested.length, { timeout: 10_000 }).toBe(6);
    stop.abort();
    await expect(loop).resolves.toBe(6);
    // When the first checks ran, only two canaries had been claimed (before: all six at once).
    expect(claimedWhenRequested[0]).toBeLessThanOrEqual(2);
    expect(Math.max(...claimedWhenRequested)).toBe(6);
  });
});
