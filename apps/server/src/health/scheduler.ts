import type { JobDefinition } from '../jobs/scheduler.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { pause } from '../lib/abort.js';
import { claimDueCanaries, nextCanaryDue } from './claim.js';
import { runCanary } from './run-canary.js';
import type { HealthContext } from './runtime.js';

/** Longest sleep: canaries created or rescheduled elsewhere are seen within it. */
const TICK_MS = 5000;
/** Shortest sleep, when a due canary is held by another replica's claim. */
const MIN_SLEEP_MS = 25;
const CLAIM_LIMIT = 100;

/** Claims the due canaries once and runs them (not waiting for one to start the next). */
export async function runDueCanaries(ctx: HealthContext, now = new Date()): Promise<number> {
  const claimed = await claimDueCanaries(ctx.db, CLAIM_LIMIT, now);
  await Promise.all(
    claimed.map((c) =>
      runCanary(ctx, c, now).catch((e: unknown) => {
        if (!isDatabaseUnavailable(e)) ctx.log.warn({ err: e, canary: c.name }, 'canary run failed');
      }),
    ),
  );
  return claimed.length;
}

const loops = new WeakSet<object>();

/** How long to sleep: until the next canary is due, at most TICK_MS. */
async function untilNextDue(ctx: HealthContext): Promise<number> {
  try {
    const next = await nextCanaryDue(ctx.db);
    if (!next) return TICK_MS;
    return Math.min(TICK_MS, Math.max(MIN_SLEEP_MS, next.getTime() - Date.now()));
  } catch (e) {
    if (!isDatabaseUnavailable(e)) ctx.log.error({ err: e }, 'reading the next due canary failed');
    return TICK_MS;
  }
}

/**
 * The canary loop: claims the due canaries and starts them, not waiting for one to start
 * the next, then sleeps until the next one is due (a fixed 5 s tick made runs start up to
 * 5 s late), until `signal` fires; then waits for the runs in flight. Returns the number of
 * runs started.
 */
export async function runCanaryLoop(ctx: HealthContext, signal: AbortSignal): Promise<number> {
  const inFlight = new Set<Promise<unknown>>();
  let runs = 0;
  // Checks run CHECK_CONCURRENCY at a time whatever is claimed: canaries claimed beyond that
  // only wait, each holding its checks' state (10,000 checks due at a start took the server
  // from 200 to 780 MiB in 8 s). The others stay due, unclaimed, until a run ends.
  const maxInFlight = Math.max(1, ctx.config.health.checkConcurrency);
  while (!signal.aborted) {
    let more = false;
    try {
      if (inFlight.size >= maxInFlight) {
        await Promise.race(inFlight);
        continue;
      }
      const limit = Math.min(CLAIM_LIMIT, maxInFlight - inFlight.size);
      const claimed = await claimDueCanaries(ctx.db, limit, new Date());
      // A full batch: more may be due, claim again at once.
      more = claimed.length === limit;
      for (const c of claimed) {
        const p = runCanary(ctx, c, new Date(), signal).catch((e: unknown) => {
          if (!isDatabaseUnavailable(e)) ctx.log.warn({ err: e, canary: c.name }, 'canary run failed');
        });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        runs++;
      }
    } catch (e) {
      // While the database is away the driver has said so once; the loop tries again each tick.
      if (!isDatabaseUnavailable(e)) ctx.log.error({ err: e }, 'claiming due canaries failed');
    }
    if (!more) await pause(await untilNextDue(ctx), signal);
  }
  await Promise.allSettled([...inFlight]);
  return runs;
}

/**
 * The canary scheduler: the canary loop as one long job (one job_history row per process
 * rather than one every tick); canary runs record their own rows. Canaries run
 * concurrently; a slow canary does not hold back the others.
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
    try {
      return { success: await runCanaryLoop(ctx, signal) };
    } finally {
      loops.delete(ctx.config);
    }
  },
};
