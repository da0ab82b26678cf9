import crypto from 'node:crypto';
import YAML from 'yaml';
import type { Queryable } from '../db/types.js';
import { unifiedDiff } from '../lib/unified-diff.js';
import { createMergePatch, patchPaths, sortKeys } from './merge-patch.js';

/** Identical changes of one item within this window are counted, not repeated. */
const DEDUPE_WINDOW = '1 hour';

export type NewChange = {
  configId: string;
  changeType: string;
  severity?: string | null;
  source?: string | null;
  summary?: string | null;
  details?: unknown;
  patches?: unknown;
  diff?: string | null;
  externalChangeId?: string | null;
  externalCreatedBy?: string | null;
  createdAt?: Date;
  count?: number;
};

export function fingerprintOf(c: NewChange): string {
  const basis = JSON.stringify([c.changeType, c.summary ?? '', sortKeys(c.patches ?? null), c.source ?? '']);
  return crypto.createHash('sha256').update(basis).digest('hex').slice(0, 32);
}

/** The `diff` change between two stored configs, or undefined when they are equal. */
export function configDiffChange(
  configId: string,
  before: unknown,
  after: unknown,
  source: string,
): NewChange | undefined {
  const patches = createMergePatch(before, after);
  if (patches === undefined) return undefined;
  const diff = unifiedDiff(YAML.stringify(sortKeys(before) ?? null), YAML.stringify(sortKeys(after) ?? null));
  const paths = patchPaths(patches);
  const shown = paths.slice(0, 5).join(', ');
  const summary = paths.length > 5 ? `${shown} (+${paths.length - 5} more) changed` : `${shown} changed`;
  return { configId, changeType: 'diff', severity: 'info', source, summary, patches, diff };
}

/**
 * Stores a change. A change carrying an external id (a Kubernetes event) is upserted on it;
 * otherwise an identical change of the same item within the last hour is counted instead of
 * repeated (first_observed stays, created_at moves to now). Returns true when a row was added.
 */
export async function recordChange(db: Queryable, c: NewChange): Promise<boolean> {
  const fingerprint = fingerprintOf(c);
  const createdAt = c.createdAt ?? new Date();
  // change_type … fingerprint, in the order both INSERTs below list them.
  const values = [
    c.changeType,
    c.severity ?? null,
    c.source ?? null,
    c.summary ?? null,
    c.details === undefined ? null : JSON.stringify(c.details),
    c.patches === undefined ? null : JSON.stringify(c.patches),
    c.diff ?? null,
    c.externalCreatedBy ?? null,
    createdAt,
    c.count ?? 1,
    fingerprint,
  ];
  if (c.externalChangeId) {
    const r = await db.query<{ inserted: boolean }>(
      `INSERT INTO config_changes (config_id, external_change_id, change_type, severity, source, summary, details,
         patches, diff, external_created_by, created_at, first_observed, count, fingerprint)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13)
       ON CONFLICT (config_id, external_change_id) WHERE external_change_id IS NOT NULL DO UPDATE
         SET count = greatest(config_changes.count, EXCLUDED.count), created_at = greatest(config_changes.created_at, EXCLUDED.created_at),
             summary = EXCLUDED.summary, details = EXCLUDED.details
       RETURNING (xmax = 0) AS inserted`,
      [c.configId, c.externalChangeId, ...values],
    );
    return r.rows[0]?.inserted === true;
  }
  const bumped = await db.query(
    `UPDATE config_changes SET count = count + 1, created_at = greatest(created_at, $3)
     WHERE id = (
       SELECT id FROM config_changes
       WHERE config_id = $1 AND fingerprint = $2 AND created_at > now() - interval '${DEDUPE_WINDOW}'
       ORDER BY created_at DESC LIMIT 1
     )`,
    [c.configId, fingerprint, createdAt],
  );
  if (bumped.affectedRows > 0) return false;
  await db.query(
    `INSERT INTO config_changes (config_id, change_type, severity, source, summary, details, patches, diff,
       external_created_by, created_at, first_observed, count, fingerprint)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12)`,
    [c.configId, ...values],
  );
  return true;
}
