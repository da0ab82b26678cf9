import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { domains } from '../../src/domains.js';
import { pastResults } from '../../src/health/demo-history.js';
import { seedsOf } from '../../src/platform/domain.js';
import { runSeeds } from '../../src/seed/index.js';
import { DB_KINDS, freshDb } from '../helpers.js';

const DAY_MS = 24 * 3600_000;

describe.each(DB_KINDS)('the demo health history on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    await runSeeds(db, pino({ level: 'silent' }), seedsOf(domains));
  });
  afterAll(() => drop());

  it('covers a week of every demo check, with failures', async () => {
    const { rows } = await db.query<{ name: string; span_ms: number; failed: number; total: number }>(
      `SELECT c.name, extract(epoch FROM max(s.time) - min(s.time)) * 1000 AS span_ms,
         count(*) FILTER (WHERE NOT s.status)::int AS failed, count(*)::int AS total
       FROM checks c JOIN check_statuses s ON s.check_id = c.id GROUP BY c.name ORDER BY c.name`,
    );
    const { rows: all } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL',
    );
    expect(rows).toHaveLength(all[0]?.n ?? -1);
    for (const r of rows) expect(Number(r.span_ms)).toBeGreaterThanOrEqual(7 * DAY_MS);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    // Deliberately broken checks fail throughout; healthy ones have had incidents; one never failed.
    expect(byName['ledger-db']?.failed).toBe(byName['ledger-db']?.total);
    expect(byName['api-readiness']?.failed).toBeGreaterThan(0);
    expect(byName['api-readiness']?.failed).toBeLessThan((byName['api-readiness']?.total ?? 0) / 10);
    expect(byName['cdn-purge-worker']?.failed).toBe(0);
  });

  it('has an outage of 45 minutes and a check that flaps', async () => {
    const statuses = async (name: string) =>
      (
        await db.query<{ status: boolean }>(
          `SELECT s.status FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.name = $1 ORDER BY s.time`,
          [name],
        )
      ).rows.map((r) => r.status);
    const readiness = await statuses('api-readiness');
    const longestFailure = Math.max(
      ...readiness
        .join('')
        .split('true')
        .map((run) => run.split('false').length - 1),
    );
    expect(longestFailure).toBe(5); // 45 minutes: 5 runs 10 minutes apart

    const queue = await statuses('settlement-queue');
    const flips = queue.filter((s, i) => i > 0 && s !== queue[i - 1]).length;
    expect(flips).toBeGreaterThan(100);
  });

  it('rolls the history up by hour and day, with latency that follows the working day', async () => {
    const hourly = await db.query<{ hours: number }>(
      `SELECT count(DISTINCT time)::int AS hours FROM check_statuses_1h`,
    );
    expect(hourly.rows[0]?.hours).toBeGreaterThanOrEqual(7 * 24);
    const daily = await db.query<{ days: number; failed: number }>(
      `SELECT count(DISTINCT time)::int AS days, sum(failed)::int AS failed FROM check_statuses_1d`,
    );
    expect(daily.rows[0]?.days).toBeGreaterThanOrEqual(7);
    expect(daily.rows[0]?.failed).toBeGreaterThan(0);
    const latency = await db.query<{ night: number; afternoon: number }>(
      `SELECT avg(s.duration) FILTER (WHERE extract(hour FROM s.time AT TIME ZONE 'UTC') BETWEEN 0 AND 4) AS night,
         avg(s.duration) FILTER (WHERE extract(hour FROM s.time AT TIME ZONE 'UTC') BETWEEN 12 AND 16) AS afternoon
       FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.name = 'status-page' AND s.status`,
    );
    const { night, afternoon } = latency.rows[0] ?? { night: 0, afternoon: 0 };
    expect(Number(afternoon)).toBeGreaterThan(Number(night) * 1.2);
  });

  it('queues no check events for the past', async () => {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM event_queue WHERE name LIKE 'check.%'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('pastResults', () => {
  it('is the same on every run, and unknown checks have none', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(pastResults('status-page', now)).toEqual(pastResults('status-page', now));
    expect(pastResults('someone-elses-check', now)).toBeUndefined();
  });
});
