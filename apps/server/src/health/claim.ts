import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import type { Db } from '../db/types.js';
import { nextRunAfter } from './schedule.js';

export type ClaimedCanary = { id: string; name: string; schedule: string | null };

/**
 * Claims the local canaries that are due: in one transaction, locks them (skipping rows
 * another replica holds) and moves next_runtime to their next slot. Whoever commits the
 * move owns this run, so with several replicas each run happens once.
 */
export async function claimDueCanaries(db: Db, limit = 100, now = new Date()): Promise<ClaimedCanary[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ClaimedCanary>(
      `SELECT id, name, schedule FROM canaries
       WHERE deleted_at IS NULL AND agent_id = $1 AND (next_runtime IS NULL OR next_runtime <= $2)
       ORDER BY next_runtime NULLS FIRST LIMIT $3
       FOR UPDATE SKIP LOCKED`,
      [LOCAL_AGENT_ID, now, limit],
    );
    if (rows.length === 0) return [];
    await tx.query(
      `UPDATE canaries c SET next_runtime = v.next, last_runtime = $3
       FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, next) WHERE c.id = v.id`,
      [rows.map((r) => r.id), rows.map((r) => nextRunAfter(r.schedule, now)), now],
    );
    return rows;
  });
}
