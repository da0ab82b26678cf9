import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.js';
import { listenForWakeUps, type WakeUp } from '../../db/wake.js';

/** The channel the run-update trigger notifies on insert and status / schedule changes (migrations 090, 092). */
export const RUN_UPDATES_CHANNEL = 'playbook_run_updates';

/** Wakes an idle run engine when a run is queued or re-scheduled. */
export function listenForRuns(db: Db, log: FastifyBaseLogger): Promise<WakeUp> {
  return listenForWakeUps(db, RUN_UPDATES_CHANNEL, log, 'playbook run engine');
}
