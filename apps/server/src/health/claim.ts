import { LOCAL_AGENT_ID } from '@opsdeck/shared';
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

/**
 * When the next local canary is due: the earliest next_runtime, now for a canary never run
 * (NULL), null when there is none. The scheduler sleeps until then rather than a fixed tick.
 */
export async function nextCanaryDue(db: Db): Promise<Date | null> {
  const { rows } = await db.query<{ next: Date | null }>(
    `SELECT CASE WHEN bool_or(next_runtime IS NULL) THEN now() ELSE min(next_runtime) END AS next
     FROM canaries WHERE deleted_at IS NULL AND agent_id = $1`,
    [LOCAL_AGENT_ID],
  );
  return rows[0]?.next ?? null;
}
