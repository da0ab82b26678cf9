import type { Db } from '../db/types.js';
import { claimDueRuns, type ClaimedRun } from '../jobs/claim-due.js';
import { DEFAULT_SCHEDULE } from './schedule.js';

export type ClaimedCanary = ClaimedRun;

/** Claims the local canaries that are due (see claimDueRuns); each run happens once across replicas. */
export async function claimDueCanaries(db: Db, limit = 100, now = new Date()): Promise<ClaimedCanary[]> {
  return claimDueRuns(db, 'canaries', {
    limit,
    now,
    defaultSchedule: DEFAULT_SCHEDULE,
    stampLastRuntime: true,
  });
}
