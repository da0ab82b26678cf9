import type { Queryable } from '../db/types.js';
import type { SeedModule } from '../seed/types.js';
import { pastResults, type PastResult } from './demo-history.js';
import { rollUpCheckStatuses } from './rollup.js';

/**
 * A week of results for the demo checks, so uptime, latency percentiles and the history chart
 * have data on first start: one bulk INSERT per check into check_statuses (the table and
 * columns recordCheckResult writes), then the roll-ups exactly as the roll-up job computes them.
 *
 * Events: check_statuses and its roll-ups have no event trigger, and the checks' own status is
 * left to their first live run (seconds after start), so the backfill queues no `check.*`
 * event for the past; the first run's transitions are news about now (docs/events.md).
 */
export const healthHistorySeed: SeedModule = {
  name: 'health-history',
  async run(tx) {
    const { rows: checks } = await tx.query<{ id: string; name: string }>(
      // Only checks without results: an install that already has history keeps its own.
      `SELECT c.id, c.name FROM checks c
       WHERE c.deleted_at IS NULL AND c.status IS NULL
         AND NOT EXISTS (SELECT 1 FROM check_statuses s WHERE s.check_id = c.id)
       ORDER BY c.name`,
    );
    // Ends a step before now, so the first live result is the newest.
    const until = new Date(Date.now() - 60_000);
    for (const check of checks) {
      const results = pastResults(check.name, until);
      if (results) await insertPast(tx, check.id, results);
    }
    await rollUpCheckStatuses(tx);
  },
};

async function insertPast(tx: Queryable, checkId: string, results: PastResult[]): Promise<void> {
  await tx.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message, error)
     SELECT $1, t, d, s, m, e
     FROM unnest($2::timestamptz[], $3::int[], $4::boolean[], $5::text[], $6::text[]) AS r(t, d, s, m, e)`,
    [
      checkId,
      results.map((r) => r.time),
      results.map((r) => r.durationMs),
      results.map((r) => r.pass),
      results.map((r) => r.message),
      results.map((r) => r.error),
    ],
  );
}
