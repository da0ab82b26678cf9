import { isDatabaseUnavailable } from '../db/availability.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import { claimDueTopologies } from './claim.js';
import { reconcileTopology } from './reconcile.js';
import { refreshStatuses } from './rollup.js';

/** Builds the topologies that are due (each run records its own job_history row). */
export const topologyScheduler: JobDefinition = {
  name: 'TopologyScheduler',
  recordEmptyRuns: false,
  runOnStart: true,
  intervalSeconds: 15,
  async run(ctx, signal) {
    let success = 0;
    let errors = 0;
    // Topologies deleted (deleted_at set) whose components are still live: retire them.
    const { rows: retired } = await ctx.db.query<{ id: string; name: string }>(
      `SELECT t.id, t.name FROM topologies t
       WHERE t.deleted_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM components c WHERE c.topology_id = t.id AND c.deleted_at IS NULL)
       LIMIT 20`,
    );
    for (const t of [...retired, ...(await claimDueTopologies(ctx.db))]) {
      if (signal.aborted) break;
      try {
        await reconcileTopology(ctx, t.id);
        success++;
      } catch (e) {
        errors++;
        if (!isDatabaseUnavailable(e)) ctx.log.warn({ err: e, topology: t.name }, 'topology run failed');
      }
    }
    return { success, errors };
  },
};

/**
 * Between builds, keeps component health current with check results and config health:
 * recomputes the roll-up of every topology (cheap; no lookups). One replica at a time
 * (transaction-level advisory lock); the others skip the tick.
 */
export const topologyStatusRefresh: JobDefinition = {
  name: 'TopologyStatusRefresh',
  recordEmptyRuns: false,
  intervalSeconds: 30,
  async run(ctx) {
    return ctx.db.transaction(async (tx) => {
      const { rows: lock } = await tx.query<{ ok: boolean }>(
        "SELECT pg_try_advisory_xact_lock(hashtext('opsdeck.topology.status')) AS ok",
      );
      if (!lock[0]?.ok) return { success: 0 };
      // Topologies being built right now are skipped: the build refreshes them itself, and
      // updating the same components from two transactions could deadlock.
      const { rows } = await tx.query<{ id: string }>(
        'SELECT id FROM topologies WHERE deleted_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED',
      );
      let changed = 0;
      for (const t of rows) changed += await refreshStatuses(tx, t.id);
      return { success: changed };
    });
  },
};

/** The topology area's background jobs (in the topology module, index.ts). */
export const topologyJobs: JobDefinition[] = [topologyScheduler, topologyStatusRefresh];
