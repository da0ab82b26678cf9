import type { FastifyBaseLogger } from 'fastify';
import { keepListening } from './listen.js';
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
 * once, and listens again after the connection breaks. While it cannot listen the worker only
 * polls; `what` names it in the warning. Listening again counts as a wake-up: what was
 * notified meanwhile was not heard.
 */
export async function listenForWakeUps(
  db: Db,
  channel: string,
  log: FastifyBaseLogger,
  what: string,
): Promise<WakeUp> {
  let notified = false;
  let wakeWaiter: (() => void) | undefined;
  const wake = () => {
    notified = true;
    wakeWaiter?.();
  };
  const listener = await keepListening(db, channel, wake, { log, what, onListening: wake });
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
    stop: () => listener.stop(),
  };
}
