import { createHash } from 'node:crypto';
import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { CanarySpecError, definedChecks, parseCanarySpec } from './canary-spec.js';
import { syncCheckConfigLinks } from './config-links.js';
import { scheduleOf } from './schedule.js';
import { NOT_TRANSFORMED, removeOrphanedTransformed } from './transformed.js';
import { REFRESH_CANARY_SUMMARIES } from './summary-sql.js';

type CanaryRow = {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: unknown;
  agent_id: string;
  deleted_at: string | null;
  schedule: string | null;
};

export type SyncResult = { created: number; updated: number; deleted: number };

/**
 * What each canary's checks were last synced from, in this process. A scheduled run re-syncs
 * only when that changed: the sync is six statements on the pool the results are written
 * through, and most runs find nothing to do (a write through the data API syncs in its own
 * transaction; a rolled-back one leaves a different spec in the row, so the next run syncs).
 */
const syncedFrom = new Map<string, string>();

function contentKey(canary: CanaryRow, templateVars: Record<string, string>): string {
  // The name is in the cached summaries the sync refreshes.
  const { name, spec, labels, namespace, schedule, agent_id } = canary;
  return createHash('sha1')
    .update(JSON.stringify([name, spec, labels, namespace, schedule, agent_id, templateVars]))
    .digest('base64');
}

/**
 * Reconciles a canary's checks with its spec: creates new ones, updates the changed ones
 * (same type and name keep their id and history) and soft-deletes the ones that are gone.
 * A deleted canary soft-deletes all its checks. Links to config items follow the checks'
 * `relationships`. Throws CanarySpecError for a broken spec.
 */
export async function syncCanaryChecks(
  db: Queryable,
  canaryId: string,
  templateVars: Record<string, string> = {},
  options: { skipUnchanged?: boolean } = {},
): Promise<SyncResult> {
  const { rows } = await db.query<CanaryRow>(
    'SELECT id, name, namespace, labels, spec, agent_id, deleted_at, schedule FROM canaries WHERE id = $1',
    [canaryId],
  );
  const canary = rows[0];
  if (!canary || canary.deleted_at) {
    const r = await db.query(
      'UPDATE checks SET deleted_at = now(), updated_at = now() WHERE canary_id = $1 AND deleted_at IS NULL',
      [canaryId],
    );
    await db.query('DELETE FROM check_config_relationships WHERE canary_id = $1', [canaryId]);
    syncedFrom.delete(canaryId);
    return { created: 0, updated: 0, deleted: r.affectedRows };
  }
  const key = contentKey(canary, templateVars);
  if (options.skipUnchanged && syncedFrom.get(canaryId) === key)
    return { created: 0, updated: 0, deleted: 0 };
  const { spec } = parseCanarySpec(canary.spec);
  const wanted = definedChecks(spec, { labels: canary.labels ?? {} }, templateVars);
  const schedule = scheduleOf(spec, canary.schedule);
  if (schedule !== canary.schedule) {
    await db.query('UPDATE canaries SET schedule = $2 WHERE id = $1', [canaryId, schedule]);
  }
  // A canary assigned to an agent runs there: the agent makes its checks and pushes them with
  // its own ids. Checks made here as well would collide with those (same canary, type, name).
  // Checks this server made while the canary was its own end with the assignment (history kept).
  if (canary.agent_id !== LOCAL_AGENT_ID) {
    const mine = await db.query(
      `UPDATE checks SET deleted_at = now(), updated_at = now()
       WHERE canary_id = $1 AND agent_id <> $2 AND deleted_at IS NULL`,
      [canaryId, canary.agent_id],
    );
    syncedFrom.set(canaryId, key);
    return { created: 0, updated: 0, deleted: mine.affectedRows };
  }

  const upserted = await db.query<{ inserted: boolean }>(
    `INSERT INTO checks (canary_id, agent_id, type, name, description, icon, namespace, labels, severity, endpoint, spec)
     SELECT $1, $2, w.type, w.name, w.description, w.icon, coalesce(w.namespace, $3), w.labels, w.severity, w.endpoint, w.spec
     FROM jsonb_to_recordset($4::jsonb) AS w(type text, name text, description text, icon text, namespace text,
       labels jsonb, severity text, endpoint text, spec jsonb)
     ON CONFLICT (canary_id, type, name) WHERE deleted_at IS NULL DO UPDATE SET
       description = excluded.description, icon = excluded.icon, namespace = excluded.namespace,
       labels = excluded.labels, severity = excluded.severity, endpoint = excluded.endpoint,
       spec = excluded.spec, agent_id = excluded.agent_id, updated_at = now()
     WHERE (checks.description, checks.icon, checks.namespace, checks.labels, checks.severity, checks.endpoint, checks.spec)
       IS DISTINCT FROM (excluded.description, excluded.icon, excluded.namespace, excluded.labels, excluded.severity,
         excluded.endpoint, excluded.spec)
     RETURNING (xmax = 0) AS inserted`,
    [canaryId, canary.agent_id, canary.namespace, JSON.stringify(wanted)],
  );
  const removed = await db.query(
    `UPDATE checks k SET deleted_at = now(), updated_at = now()
     WHERE k.canary_id = $1 AND k.deleted_at IS NULL AND ${NOT_TRANSFORMED}
       AND NOT (k.type || '/' || k.name = ANY($2::text[]))`,
    [canaryId, wanted.map((w) => `${w.type}/${w.name}`)],
  );
  const orphans = await removeOrphanedTransformed(db, canaryId);
  await db.query(REFRESH_CANARY_SUMMARIES, [canaryId]);
  await syncCheckConfigLinks(db, canaryId);
  syncedFrom.set(canaryId, key);
  const created = upserted.rows.filter((r) => r.inserted).length;
  return { created, updated: upserted.rows.length - created, deleted: removed.affectedRows + orphans };
}

export { CanarySpecError };
