import {
  MAINTENANCE_HORIZON_DAYS,
  MAINTENANCE_HORIZON_MAX,
  occurrencesBetween,
  type Occurrence,
} from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { writeHorizon, type HorizonEntry } from './horizon.js';
import { coveredResources } from './match.js';
import { liveWindows, type LiveWindow } from './windows.js';

/**
 * How far ahead occurrences are written: a result, an event or a rule pass between two
 * refreshes sees an occurrence that starts meanwhile (its rows carry their own start).
 */
export const LOOKAHEAD_MS = 5 * 60_000;
const HORIZON_MS = MAINTENANCE_HORIZON_DAYS * 86_400_000;

/** One lock for the refresh, so replicas take turns rather than write the same rows at once. */
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('maintenance-refresh'))`;

export type WindowOccurrences = { window: LiveWindow; occurrences: Occurrence[] };

/**
 * Rewrites `maintenance_resources` (migration 240) for the occurrences that overlap
 * [now, now + LOOKAHEAD_MS]: one row per occurrence and covered resource, rows that no longer
 * hold removed, in one statement. Then the horizon (horizon.ts, migration 270): each window's
 * occurrences over the next MAINTENANCE_HORIZON_DAYS and what it covers, for the public status
 * pages. Run by the MaintenanceWindows job and after every write of a window (in its
 * transaction), so a saved window takes effect at once.
 */
export async function refreshMaintenance(tx: Queryable, now = new Date()): Promise<WindowOccurrences[]> {
  await tx.query(LOCK);
  const until = new Date(now.getTime() + LOOKAHEAD_MS);
  const horizonEnd = new Date(now.getTime() + HORIZON_MS);
  const out: WindowOccurrences[] = [];
  const horizon: HorizonEntry[] = [];
  const cols = {
    window: [] as string[],
    type: [] as string[],
    resource: [] as string[],
    start: [] as Date[],
    end: [] as Date[],
    name: [] as string[],
  };
  for (const window of await liveWindows(tx, now)) {
    const occurrences = occurrencesBetween(window, now, until);
    const upcoming = occurrencesBetween(window, now, horizonEnd, MAINTENANCE_HORIZON_MAX);
    out.push({ window, occurrences });
    if (occurrences.length === 0 && upcoming.length === 0) continue;
    const resources = await coveredResources(tx, window.selectors);
    horizon.push({ windowId: window.id, occurrences: upcoming, resources });
    for (const o of occurrences) {
      for (const r of resources) {
        cols.window.push(window.id);
        cols.type.push(r.type);
        cols.resource.push(r.id);
        cols.start.push(o.start);
        cols.end.push(o.end);
        cols.name.push(window.name);
      }
    }
  }
  await tx.query(
    `WITH n AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::timestamptz[], $5::timestamptz[], $6::text[])
         AS n(window_id, resource_type, resource_id, starts_at, ends_at, window_name)
     ),
     gone AS (
       DELETE FROM maintenance_resources m WHERE NOT EXISTS (
         SELECT 1 FROM n WHERE n.window_id = m.window_id AND n.resource_id = m.resource_id AND n.starts_at = m.starts_at)
     )
     INSERT INTO maintenance_resources (window_id, resource_type, resource_id, starts_at, ends_at, window_name)
     SELECT * FROM n
     ON CONFLICT (window_id, resource_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at,
       window_name = excluded.window_name, resource_type = excluded.resource_type
     WHERE (maintenance_resources.ends_at, maintenance_resources.window_name)
       IS DISTINCT FROM (excluded.ends_at, excluded.window_name)`,
    [cols.window, cols.type, cols.resource, cols.start, cols.end, cols.name],
  );
  await writeHorizon(tx, horizon);
  return out;
}
