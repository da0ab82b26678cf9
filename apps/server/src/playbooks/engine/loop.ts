import { setMaxListeners } from 'node:events';
import type { ServerContext } from '../../context.js';
import { errorMessage } from '../actions/action.js';
import { processRun } from './execute.js';
import { engineOptions, type EngineOptions } from './options.js';
import { claimRuns } from './store.js';
import { sweep } from './sweep.js';

export type RunDueOptions = Partial<EngineOptions> & {
  /** Stops claiming; actions in flight are aborted and their runs handed back. */
  signal?: AbortSignal;
  /**
   * Waits for new work when nothing is due (the job passes its LISTEN wake-up). Without it the
   * call returns once nothing is due and nothing is in flight (tests, the benchmark).
   */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
};

export type RunDueResult = { claimed: number; errors: number };

// Housekeeping (timeouts, leftover attempts) at most this often.
const SWEEP_EVERY_MS = 1000;

/**
 * The engine's loop: sweeps, claims due runs up to the concurrency, takes each as far as it
 * goes, and claims more as slots free up.
 */
export async function runDuePlaybooks(
  ctx: ServerContext,
  options: RunDueOptions = {},
): Promise<RunDueResult> {
  const o = engineOptions(ctx.config, options);
  const signal = options.signal ?? new AbortController().signal;
  // Every action in flight listens for shutdown on this one signal.
  setMaxListeners(0, signal);
  const inFlight = new Set<Promise<void>>();
  const result: RunDueResult = { claimed: 0, errors: 0 };
  let lastSweep = 0;
  let finished: () => void = () => {};
  let oneFinished = new Promise<void>((r) => (finished = r));

  const start = (run: Awaited<ReturnType<typeof claimRuns>>[number]) => {
    const p = processRun(ctx, run, o, signal)
      .catch((e: unknown) => {
        result.errors++;
        ctx.log.error({ err: e, run: run.id }, `playbook run failed in the engine: ${errorMessage(e)}`);
      })
      .finally(() => {
        inFlight.delete(p);
        finished();
        oneFinished = new Promise<void>((r) => (finished = r));
      });
    inFlight.add(p);
  };

  while (!signal.aborted) {
    const free = o.concurrency - inFlight.size;
    let claimed = 0;
    if (free > 0) {
      try {
        if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
          lastSweep = Date.now();
          await sweep(ctx.db);
        }
        const runs = await claimRuns(ctx.db, o.owner, o.leaseMs, free);
        claimed = runs.length;
        result.claimed += claimed;
        for (const run of runs) start(run);
      } catch (e) {
        result.errors++;
        ctx.log.error({ err: e }, 'claiming playbook runs failed');
      }
    }
    if (free > 0 && claimed === free) continue;
    if (inFlight.size === 0 && !options.wait) break;
    const waits: Promise<void>[] = [oneFinished];
    if (options.wait) waits.push(options.wait(o.pollMs, signal));
    else if (free > 0 || claimed > 0) waits.push(new Promise((r) => setTimeout(r, o.pollMs)));
    await Promise.race(waits);
  }
  await Promise.all(inFlight);
  return result;
}
