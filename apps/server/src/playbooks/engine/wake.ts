import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.js';

/** The channel the `playbook_runs_notify` trigger notifies on insert and status / schedule changes (migration 090). */
export const RUN_UPDATES_CHANNEL = 'playbook_run_updates';

export type WakeUp = {
  /**
   * Resolves when a run was queued or re-scheduled (also while the engine was busy), after
   * `ms`, or when `signal` fires, whichever comes first.
   */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
};

/**
 * LISTENs for run updates so an idle engine reacts at once (the same pattern as the event
 * consumer's wake-up). Without a listener the engine only polls.
 */
export async function listenForRuns(db: Db, log: FastifyBaseLogger): Promise<WakeUp> {
  let notified = false;
  let wakeWaiter: (() => void) | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await db.listen(RUN_UPDATES_CHANNEL, () => {
      notified = true;
      wakeWaiter?.();
    });
  } catch (e) {
    log.warn({ err: e }, 'cannot LISTEN for playbook run updates; the run engine polls only');
  }
  return {
    wait(ms, signal) {
      if (notified || signal.aborted) {
        notified = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wakeWaiter = undefined;
          notified = false;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
        wakeWaiter = done;
      });
    },
    async stop() {
      await unlisten?.();
    },
  };
}
