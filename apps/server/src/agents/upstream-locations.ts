import type { Queryable } from '../db/types.js';
import { checksLocatedAt, decideLocatedChecks } from '../health/index.js';
import type { PushResult, PushRow } from './push-schema.js';
import type { Pusher } from './pusher.js';

const TABLE = 'check_location_statuses';

/**
 * An agent's results as one location of this server's located checks (docs/agents.md): taken
 * only for live checks whose canary names the agent, with the agent's id as their location
 * whatever the row says; the rest are refused. The checks they name are then decided again,
 * and a check whose quorum changed its status records that at once.
 */
export async function applyLocationResults(
  tx: Queryable,
  pusher: Pusher,
  rows: PushRow[],
  result: PushResult,
): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.check_id).filter((id): id is string => typeof id === 'string'))];
  const located = await checksLocatedAt(tx, pusher.agentId, ids);
  const take: PushRow[] = [];
  for (const r of rows) {
    // The location is the pusher: what the row says is dropped before the database reads it.
    const { location, ...row } = r;
    if (typeof r.check_id === 'string' && located.has(r.check_id)) take.push(row);
    else
      result.refused.push({
        table: TABLE,
        key: { check_id: r.check_id, location, time: r.time },
        reason: 'not a check of a canary whose locations name this agent',
      });
  }
  if (!take.length) return;
  const { affectedRows } = await tx.query(
    `INSERT INTO check_location_statuses (check_id, location, time, status, duration, message, error)
     SELECT b.check_id, $2::uuid, b.time, b.status, b.duration, b.message, b.error
     FROM jsonb_populate_recordset(NULL::check_location_statuses, $1::jsonb) b
     ON CONFLICT (check_id, location, time) DO UPDATE SET status = EXCLUDED.status,
       duration = EXCLUDED.duration, message = EXCLUDED.message, error = EXCLUDED.error`,
    [JSON.stringify(take), pusher.agentId],
  );
  result.saved[TABLE] = affectedRows;
  await decideLocatedChecks(tx, [...located], 'onChange');
}
