import type { JobDefinition } from '../jobs/scheduler.js';
import { pullAssigned } from './agent-pull.js';
import { PUSH_PAGE_BYTES, pushPending } from './agent-push.js';
import { runAgentActionLoop } from './agent-playbooks.js';
import { runDueLocated, storeLocated } from './agent-located.js';
import { agentRuntime, backoffMs } from './agent-runtime.js';

/**
 * Agent mode's jobs; on a server without UPSTREAM_URL they do nothing and leave no history.
 * The push job's own history rows are pushed too, but not counted, so an idle agent does not
 * keep recording runs that only pushed the previous run's row.
 */
export const agentJobs: JobDefinition[] = [
  {
    name: 'AgentPushUpstream',
    intervalSeconds: 5,
    runOnStart: true,
    recordEmptyRuns: false,
    async run(ctx, signal) {
      const rt = agentRuntime(ctx);
      if (!rt || Date.now() < rt.nextPushAt) return;
      try {
        const counts = await pushPending(
          ctx.db,
          rt.client,
          { rows: rt.config.pageSize, bytes: PUSH_PAGE_BYTES },
          signal,
        );
        rt.failures = 0;
        rt.nextPushAt = 0;
        const success = counts.pushed - (counts.byTable.job_history ?? 0);
        if (success <= 0 && !counts.refused) return;
        return {
          success,
          errors: counts.refused,
          details: { pushed: counts.byTable, deferred: counts.deferred },
        };
      } catch (e) {
        rt.failures += 1;
        rt.nextPushAt = Date.now() + backoffMs(rt.failures);
        throw e;
      }
    },
  },
  {
    name: 'AgentPingUpstream',
    intervalSeconds: 30,
    runOnStart: true,
    recordEmptyRuns: false,
    async run(ctx) {
      const rt = agentRuntime(ctx);
      if (!rt) return;
      // Being away is the push job's to report; a ping only tells the upstream we are here.
      await rt.client.ping().catch((e: unknown) => ctx.log.warn({ err: e }, 'upstream ping failed'));
    },
  },
  {
    name: 'AgentPullUpstream',
    intervalSeconds: 60,
    runOnStart: true,
    recordEmptyRuns: false,
    async run(ctx) {
      const rt = agentRuntime(ctx);
      if (!rt) return;
      const pulled = await pullAssigned(ctx.db, rt.client, rt.cursor);
      // Located canaries come whole at each pull; only assigned rows that changed are counted.
      await storeLocated(ctx.db, await rt.client.pullLocated());
      return pulled ? { success: pulled } : undefined;
    },
  },
  {
    // Located canaries: this agent as one location of the upstream's checks (docs/agents.md).
    name: 'AgentLocatedChecks',
    intervalSeconds: 5,
    runOnStart: true,
    recordEmptyRuns: false,
    async run(ctx, signal) {
      if (!agentRuntime(ctx)) return;
      const results = await runDueLocated(ctx, new Date(), signal);
      return results ? { success: results } : undefined;
    },
  },
  {
    // One long loop per process (re-triggers while it runs return at once), like the run engine.
    name: 'AgentPlaybookActions',
    intervalSeconds: 60,
    runOnStart: true,
    recordEmptyRuns: false,
    async run(ctx, signal) {
      const rt = agentRuntime(ctx);
      if (!rt || rt.actionLoop) return;
      rt.actionLoop = true;
      try {
        const { ran, failed } = await runAgentActionLoop(ctx, rt, signal);
        return ran ? { success: ran - failed, errors: failed } : undefined;
      } finally {
        rt.actionLoop = false;
      }
    },
  },
];
