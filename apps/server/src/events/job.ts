import { isDatabaseUnavailable } from '../db/availability.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import { consumerOptions, drainEvents } from './consumer.js';
import type { EventRegistry } from './registry.js';
import { listenForEvents } from './wake.js';

// How often an idle consumer looks for due events without being notified (retries that came
// due, a notification lost with its connection).
const POLL_MS = 1000;

/**
 * The event consumer: one loop per process that drains due events, then sleeps until an event
 * is queued (LISTEN) or the poll interval passes. Like the canary scheduler it is one long job,
 * one job_history row per process with its counts. On shutdown it finishes the batch in hand.
 */
export function eventConsumerJob(registry: EventRegistry): JobDefinition {
  const running = new WeakSet<object>();
  return {
    name: 'EventConsumer',
    recordEmptyRuns: false,
    // The trigger fires within a second of start-up, then hourly: it restarts the loop should
    // it ever end; while the loop runs, a re-trigger returns at once.
    intervalSeconds: 3600,
    async run(ctx, signal) {
      if (running.has(ctx.config)) return { success: 0 };
      running.add(ctx.config);
      const options = consumerOptions(ctx.config);
      const wake = await listenForEvents(ctx.db, ctx.log);
      const total = { success: 0, errors: 0 };
      try {
        while (!signal.aborted) {
          try {
            const drained = await drainEvents(ctx, registry, options, signal);
            total.success += drained.consumed;
            total.errors += drained.failed;
          } catch (e) {
            // The database is away (the driver logs that once); try again after the poll
            // interval rather than spin.
            if (!isDatabaseUnavailable(e)) ctx.log.error({ err: e }, 'consuming events failed');
          }
          await wake.wait(POLL_MS, signal);
        }
      } finally {
        await wake.stop();
        running.delete(ctx.config);
      }
      return total;
    },
  };
}
