import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import type { Db } from '../db/types.js';
import { nextRunAfter } from '../health/schedule.js';

export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 5m';

/**
 * Claims the local topologies that are due: locks them (skipping rows another replica holds)
 * and moves next_runtime to their next slot in one transaction, so each run happens once.
 */
export async function claimDueTopologies(
  db: Db,
  limit = 20,
  now = new Date(),
): Promise<{ id: string; name: string }[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; name: string; schedule: string | null }>(
      `SELECT id, name, schedule FROM topologies
       WHERE deleted_at IS NULL AND agent_id = $1 AND (next_runtime IS NULL OR next_runtime <= $2)
       ORDER BY next_runtime NULLS FIRST LIMIT $3
       FOR UPDATE SKIP LOCKED`,
      [LOCAL_AGENT_ID, now, limit],
    );
    if (rows.length === 0) return [];
    await tx.query(
      `UPDATE topologies t SET next_runtime = v.next
       FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, next) WHERE t.id = v.id`,
      [rows.map((r) => r.id), rows.map((r) => nextRunAfter(r.schedule ?? DEFAULT_TOPOLOGY_SCHEDULE, now))],
    );
    return rows;
  });
}
