import type { Queryable } from '../db/types.js';
import type { EventResource } from './event-resource.js';

/** The maintenance window a resource is in now: its notifications are held, not sent. */
export type MaintenanceHold = { window_id: string; name: string };

/**
 * The window (maintenance_resources, written by the maintenance domain) the resource $1 is
 * under now, the one ending last; as a JSON scalar subquery for eventFacts (pipeline.ts).
 */
export const MAINTENANCE_HOLD_SQL = (
  param: string,
) => `(SELECT json_build_object('window_id', window_id, 'name', window_name)
  FROM maintenance_resources WHERE resource_id = ${param}::uuid AND starts_at <= now() AND ends_at > now()
  ORDER BY ends_at DESC LIMIT 1)`;

/** Only checks, configs and components are covered by windows. */
export const holdable = (r: EventResource) =>
  r.type === 'check' || r.type === 'config' || r.type === 'component';

export async function maintenanceHold(db: Queryable, r: EventResource): Promise<MaintenanceHold | undefined> {
  if (!holdable(r)) return undefined;
  const { rows } = await db.query<{ hold: MaintenanceHold | null }>(
    `SELECT ${MAINTENANCE_HOLD_SQL('$1')} AS hold`,
    [r.id],
  );
  return rows[0]?.hold ?? undefined;
}

/** What the history row says: status `maintenance`, and the window in its reason. */
export const heldFor = (h: MaintenanceHold) => ({
  status: 'maintenance' as const,
  error: `held for maintenance: ${h.name}`,
  maintenanceWindowId: h.window_id,
});
