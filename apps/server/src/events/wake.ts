import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.js';

/** The channel the `event_queue` insert trigger notifies (migration 060). */
export const EVENT_QUEUE_CHANNEL = 'event_queue';

export type WakeUp = {
  /**
   * Resolves when an event was queued (also one queued while the consumer was busy), after
   * `ms`, or when `signal` fires, whichever comes first.
   */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
};

/**
 * LISTENs for new events so an idle consumer reacts at once. Without a listener (the
 * connection could not be taken) the consumer only polls.
 */
export async function listenForEvents(db: Db, log: FastifyBaseLogger): Promise<WakeUp> {
  let notified = false;
  let wakeWaiter: (() => void) | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await db.listen(EVENT_QUEUE_CHANNEL, () => {
      notified = true;
      wakeWaiter?.();
    });
  } catch (e) {
    log.warn({ err: e }, 'cannot LISTEN for new events; the event consumer polls only');
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
