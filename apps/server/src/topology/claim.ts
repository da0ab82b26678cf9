import type { Db } from '../db/types.js';
import { claimDueRuns } from '../jobs/claim-due.js';

export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 5m';

/** Claims the local topologies that are due (see claimDueRuns); each run happens once across replicas. */
export async function claimDueTopologies(
  db: Db,
  limit = 20,
  now = new Date(),
): Promise<{ id: string; name: string }[]> {
  return claimDueRuns(db, 'topologies', { limit, now, defaultSchedule: DEFAULT_TOPOLOGY_SCHEDULE });
}
