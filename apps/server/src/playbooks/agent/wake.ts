import type { FastifyBaseLogger } from 'fastify';
import { keepListening } from '../../db/listen.js';
import type { Db } from '../../db/types.js';

/** The channel migration 101's trigger notifies when an attempt starts waiting for an agent. */
export const ACTION_UPDATES_CHANNEL = 'playbook_action_updates';

type Hub = { waiters: Set<() => void> };

// One LISTEN per database for all long polls (a PostgreSQL LISTEN holds a pool connection).
const hubs = new WeakMap<Db, Promise<Hub>>();

function hubOf(db: Db, log: FastifyBaseLogger): Promise<Hub> {
  let hub = hubs.get(db);
  if (!hub) {
    hub = (async () => {
      const h: Hub = { waiters: new Set() };
      const wakeAll = () => {
        for (const wake of [...h.waiters]) wake();
      };
      // Kept for the process's life (listening again after a broken connection); listening
      // again wakes every poll, since what was notified meanwhile was not heard.
      await keepListening(db, ACTION_UPDATES_CHANNEL, wakeAll, {
        log,
        what: 'agent long poll',
        onListening: wakeAll,
      });
      return h;
    })();
    hubs.set(db, hub);
  }
  return hub;
}

/**
 * Resolves when an attempt may have started waiting for an agent (notified), after `ms`, or
 * when `signal` fires. Without LISTEN the long poll looks every `ms` anyway.
 */
export async function waitForAgentWork(
  db: Db,
  log: FastifyBaseLogger,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  const hub = await hubOf(db, log);
  if (signal.aborted) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      hub.waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    hub.waiters.add(done);
  });
}
