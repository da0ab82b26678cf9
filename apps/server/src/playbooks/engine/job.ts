import type { JobDefinition } from '../../jobs/scheduler.js';
import { runDuePlaybooks } from './loop.js';
import { listenForRuns } from './wake.js';

/**
 * The run engine as one long job per process: it claims due runs, and when there are none
 * sleeps until a run is queued or re-scheduled (LISTEN playbook_run_updates) or the poll
 * interval passes. Like the event consumer, a re-trigger while the loop runs returns at once.
 */
export const playbookEngineJob: JobDefinition = (() => {
  const running = new WeakSet<object>();
  return {
    name: 'PlaybookRunEngine',
    recordEmptyRuns: false,
    intervalSeconds: 3600,
    async run(ctx, signal) {
      if (running.has(ctx.config)) return { success: 0 };
      running.add(ctx.config);
      const wake = await listenForRuns(ctx.db, ctx.log);
      try {
        const r = await runDuePlaybooks(ctx, { signal, wait: (ms, s) => wake.wait(ms, s) });
        return { success: r.claimed, errors: r.errors };
      } finally {
        await wake.stop();
        running.delete(ctx.config);
      }
    },
  };
})();

export const playbookEngineJobs: JobDefinition[] = [playbookEngineJob];
