import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.js';
import { listenForWakeUps, type WakeUp } from '../db/wake.js';

/** The channel the `event_queue` insert trigger notifies (migration 060). */
export const EVENT_QUEUE_CHANNEL = 'event_queue';

/** Wakes an idle event consumer when an event is queued. */
export function listenForEvents(db: Db, log: FastifyBaseLogger): Promise<WakeUp> {
  return listenForWakeUps(db, EVENT_QUEUE_CHANNEL, log, 'event consumer');
}
