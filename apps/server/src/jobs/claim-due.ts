import { LOCAL_AGENT_ID, nextRunAfter } from '@opsdeck/shared';
import type { Db, Queryable } from '../db/types.js';

/** Tables of scheduled resources with `schedule`, `next_runtime` and `agent_id` columns. */
type ScheduledTable = 'canaries' | 'topologies';

export type ClaimedRun = { id: string; name: string; schedule: string | null };

export type ClaimOptions = {
  limit: number;
  now: Date;
  /** Schedule of rows without one, or with one that cannot be read. */
  defaultSchedule: string;
  /** Also stamps last_runtime with `now` (canaries show when they last ran). */
  stampLastRuntime?: boolean;
};

/**
 * Claims the local rows that are due: in one transaction, locks them (skipping rows another
 * replica holds) and moves next_runtime to their next slot. Whoever commits the move owns
 * this run, so with several replicas each run happens once.
 */
export async function claimDueRuns(db: Db, table: ScheduledTable, o: ClaimOptions): Promise<ClaimedRun[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ClaimedRun>(
      `SELECT id, name, schedule FROM ${table}
       WHERE deleted_at IS NULL AND agent_id = $1 AND (next_runtime IS NULL OR next_runtime <= $2)
       ORDER BY next_runtime NULLS FIRST LIMIT $3
       FOR UPDATE SKIP LOCKED`,
      [LOCAL_AGENT_ID, o.now, o.limit],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const next = rows.map((r) => nextRunAfter(r.schedule, o.now, o.defaultSchedule));
    await tx.query(
      `UPDATE ${table} t SET next_runtime = v.next${o.stampLastRuntime ? ', last_runtime = $3' : ''}
       FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, next) WHERE t.id = v.id`,
      o.stampLastRuntime ? [ids, next, o.now] : [ids, next],
    );
    return rows;
  });
}

/** Makes every local row of the table due at its scheduler's next tick. */
export async function makeAllDue(db: Queryable, table: ScheduledTable): Promise<void> {
  await db.query(`UPDATE ${table} SET next_runtime = NULL WHERE deleted_at IS NULL AND agent_id = $1`, [
    LOCAL_AGENT_ID,
  ]);
}
