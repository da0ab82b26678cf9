import { setMaxListeners } from 'node:events';
import type { ServerContext } from '../../context.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
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
// While the database is away the engine looks again after pollMs, doubling up to this.
const AWAY_MAX_WAIT_MS = 5000;

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
  let away = 0;
  let finished: () => void = () => {};
  let oneFinished = new Promise<void>((r) => (finished = r));

  const start = (run: Awaited<ReturnType<typeof claimRuns>>[number]) => {
    const p = processRun(ctx, run, o, signal)
      .catch((e: unknown) => {
        result.errors++;
        // The run stays claimed; once its lease ends it is taken up again (docs/playbooks.md).
        if (isDatabaseUnavailable(e)) return;
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
        away = 0;
      } catch (e) {
        result.errors++;
        // The driver logs a database outage once; the engine waits longer between tries meanwhile.
        if (isDatabaseUnavailable(e)) away++;
        else ctx.log.error({ err: e }, 'claiming playbook runs failed');
      }
    }
    if (free > 0 && claimed === free) continue;
    if (inFlight.size === 0 && !options.wait) break;
    const waits: Promise<void>[] = [oneFinished];
    const pollMs = away ? Math.min(o.pollMs * 2 ** away, AWAY_MAX_WAIT_MS) : o.pollMs;
    if (options.wait) waits.push(options.wait(pollMs, signal));
    else if (free > 0 || claimed > 0) waits.push(new Promise((r) => setTimeout(r, pollMs)));
    await Promise.race(waits);
  }
  await Promise.all(inFlight);
  return result;
}
