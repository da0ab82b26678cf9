import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './types.js';

export type WakeUp = {
  /**
   * Resolves when the channel was notified (also while the worker was busy), after
   * `ms`, or when `signal` fires, whichever comes first.
   */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
};

/**
 * LISTENs on `channel` so an idle worker (the event consumer, the playbook engine) reacts at
 * once. Without a listener (the connection could not be taken) the worker only polls; `what`
 * names it in that warning.
 */
export async function listenForWakeUps(
  db: Db,
  channel: string,
  log: FastifyBaseLogger,
  what: string,
): Promise<WakeUp> {
  let notified = false;
  let wakeWaiter: (() => void) | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await db.listen(channel, () => {
      notified = true;
      wakeWaiter?.();
    });
  } catch (e) {
    log.warn({ err: e }, `cannot LISTEN on ${channel}; the ${what} polls only`);
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
