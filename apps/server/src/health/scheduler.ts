import type { JobDefinition } from '../jobs/scheduler.js';
import { claimDueCanaries } from './claim.js';
import { runCanary } from './run-canary.js';
import type { HealthContext } from './runtime.js';

const TICK_MS = 5000;

/** Claims the due canaries once and runs them (not waiting for one to start the next). */
export async function runDueCanaries(ctx: HealthContext, now = new Date()): Promise<number> {
  const claimed = await claimDueCanaries(ctx.db, 100, now);
  await Promise.all(
    claimed.map((c) =>
      runCanary(ctx, c, now).catch((e: unknown) =>
        ctx.log.warn({ err: e, canary: c.name }, 'canary run failed'),
      ),
    ),
  );
  return claimed.length;
}

const loops = new WeakSet<object>();

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/**
 * The canary scheduler: a loop that claims due canaries every 5 s. It is one long job
 * (one job_history row per process rather than one every tick); canary runs record their
 * own rows. Canaries run concurrently; a slow canary does not hold back the others.
 */
export const canaryScheduler: JobDefinition = {
  name: 'CanaryScheduler',
  recordEmptyRuns: false,
  // The interval trigger fires within a second of start-up, then hourly: it restarts the
  // loop should it ever end; while the loop runs, a re-trigger returns at once.
  intervalSeconds: 3600,
  async run(ctx, signal) {
    if (loops.has(ctx.config)) return { success: 0 };
    loops.add(ctx.config);
    const inFlight = new Set<Promise<unknown>>();
    let runs = 0;
    try {
      while (!signal.aborted) {
        try {
          const claimed = await claimDueCanaries(ctx.db, 100, new Date());
          for (const c of claimed) {
            const p = runCanary(ctx, c, new Date(), signal).catch((e: unknown) =>
              ctx.log.warn({ err: e, canary: c.name }, 'canary run failed'),
            );
            inFlight.add(p);
            void p.finally(() => inFlight.delete(p));
            runs++;
          }
        } catch (e) {
          ctx.log.error({ err: e }, 'claiming due canaries failed');
        }
        await sleep(TICK_MS, signal);
      }
      await Promise.allSettled([...inFlight]);
    } finally {
      loops.delete(ctx.config);
    }
    return { success: runs };
  },
};
