import type { Occurrence } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { CoveredResource } from './match.js';

/** One window's occurrences over the horizon and what it covers. */
export type HorizonEntry = { windowId: string; occurrences: Occurrence[]; resources: CoveredResource[] };

/**
 * Rewrites `maintenance_occurrences` and `maintenance_coverage` (migration 270) to the given
 * entries: rows that no longer hold are removed, new ones added, changed ends updated; rows that
 * stay the same are not written. One statement per table, in the refresh's transaction.
 */
export async function writeHorizon(tx: Queryable, entries: readonly HorizonEntry[]): Promise<void> {
  const occ = { window: [] as string[], start: [] as Date[], end: [] as Date[] };
  const cov = { window: [] as string[], type: [] as string[], resource: [] as string[] };
  for (const e of entries) {
    for (const o of e.occurrences) {
      occ.window.push(e.windowId);
      occ.start.push(o.start);
      occ.end.push(o.end);
    }
    for (const r of e.resources) {
      cov.window.push(e.windowId);
      cov.type.push(r.type);
      cov.resource.push(r.id);
    }
  }
  await tx.query(
    `WITH n AS (
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS n(window_id, starts_at, ends_at)
     ),
     gone AS (
       DELETE FROM maintenance_occurrences o WHERE NOT EXISTS (
         SELECT 1 FROM n WHERE n.window_id = o.window_id AND n.starts_at = o.starts_at)
     )
     INSERT INTO maintenance_occurrences (window_id, starts_at, ends_at) SELECT * FROM n
     ON CONFLICT (window_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at
     WHERE maintenance_occurrences.ends_at IS DISTINCT FROM excluded.ends_at`,
    [occ.window, occ.start, occ.end],
  );
  await tx.query(
    `WITH n AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS n(window_id, resource_type, resource_id)
     ),
     gone AS (
       DELETE FROM maintenance_coverage c WHERE NOT EXISTS (
         SELECT 1 FROM n WHERE n.window_id = c.window_id AND n.resource_id = c.resource_id)
     )
     INSERT INTO maintenance_coverage (window_id, resource_type, resource_id) SELECT * FROM n
     ON CONFLICT (window_id, resource_id) DO NOTHING`,
    [cov.window, cov.type, cov.resource],
  );
}
