import type { Queryable } from '../db/types.js';
import type { TransformedCheck } from './check-expressions.js';
import { recordCheckResult } from './record.js';
import type { CheckResult } from './run-check.js';

/**
 * A transform's named results become checks of the same canary (canary-checker's
 * "transformed" checks): created on first sight, updated after, each with its own status
 * history. Their spec only names the check that produced them (`transformedFrom`): they are
 * not run themselves, survive spec syncs while that check lives, and go with it.
 */

export const TRANSFORMED_FROM = 'transformedFrom';

/** SQL condition (on alias `k`) for checks that are run from their spec, not produced by a transform. */
export const NOT_TRANSFORMED = `k.spec->>'${TRANSFORMED_FROM}' IS NULL`;

type Parent = { id: string; type: string };

export async function recordTransformed(
  db: Queryable,
  parent: Parent,
  parentResult: CheckResult,
  results: TransformedCheck[],
  nextRuntime: Date | null,
): Promise<void> {
  for (const t of results) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, agent_id, type, name, description, icon, namespace, labels, severity, endpoint, spec)
       SELECT p.canary_id, p.agent_id, p.type, $2, coalesce($3, p.description), coalesce($4, p.icon),
         coalesce($5, p.namespace), p.labels || $6::jsonb, p.severity, p.endpoint, $7::jsonb
       FROM checks p WHERE p.id = $1
       ON CONFLICT (canary_id, type, name) WHERE deleted_at IS NULL DO UPDATE SET
         description = excluded.description, icon = excluded.icon, namespace = excluded.namespace,
         labels = excluded.labels, updated_at = now()
       WHERE checks.spec->>'${TRANSFORMED_FROM}' = $1::text
       RETURNING id`,
      [
        parent.id,
        t.name,
        t.description,
        t.icon,
        t.namespace,
        JSON.stringify(t.labels),
        JSON.stringify({ [TRANSFORMED_FROM]: parent.id }),
      ],
    );
    const id = rows[0]?.id;
    // A spec check of the same type and name keeps its own results.
    if (!id) continue;
    if (t.deleted) {
      await db.query('UPDATE checks SET deleted_at = now(), updated_at = now() WHERE id = $1', [id]);
      continue;
    }
    await recordCheckResult(
      db,
      id,
      {
        time: parentResult.time,
        pass: t.pass,
        durationMs: t.durationMs ?? parentResult.durationMs,
        message: t.message,
        error: t.error,
        details: t.details === null || t.details === undefined ? {} : { results: t.details },
      },
      nextRuntime,
    );
  }
}

/** Transformed checks whose producing check is gone go too (after a spec sync). */
export async function removeOrphanedTransformed(db: Queryable, canaryId: string): Promise<number> {
  const r = await db.query(
    `UPDATE checks k SET deleted_at = now(), updated_at = now()
     WHERE k.canary_id = $1 AND k.deleted_at IS NULL AND k.spec->>'${TRANSFORMED_FROM}' IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM checks p WHERE p.id::text = k.spec->>'${TRANSFORMED_FROM}' AND p.deleted_at IS NULL)`,
    [canaryId],
  );
  return r.affectedRows;
}
