import { parseDuration } from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { writeZip, type ZipEntry } from './zip.js';

export const snapshotQuerySchema = z.object({
  start: z
    .string()
    .optional()
    .transform((v, c) => {
      if (!v) return new Date(Date.now() - 3_600_000);
      const ago = parseDuration(v.replace(/^now-/, ''));
      if (ago !== undefined) return new Date(Date.now() - ago);
      const t = new Date(v);
      if (Number.isNaN(t.getTime())) {
        c.addIssue({
          code: 'custom',
          message: 'start must be a duration such as 1h or 7d, or an RFC 3339 time',
        });
        return z.NEVER;
      }
      return t;
    }),
  related: z
    .enum(['true', 'false', 'yes', 'no', '1', '0', ''], { message: 'related must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === 'yes' || v === '1'),
});
export type SnapshotQuery = z.infer<typeof snapshotQuerySchema>;

export class SnapshotNotFound extends Error {}

const MAX_ROWS = 10_000;

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/**
 * A snapshot is made to be shared (attached to a ticket): credentials in check specs and
 * component properties are always `***` in it (redact_secrets, migration 050).
 */
const REDACTED_COMPONENT = `to_jsonb(c) || jsonb_build_object('properties', redact_secrets(c.properties))`;

/**
 * A snapshot of a component for offline reading or attaching to a ticket: the component and
 * its live subtree (`components/<id>.json`), their checks with the results since `start`
 * (`checks/<id>.json`), the linked config items with their changes since `start`
 * (`configs/<id>.json`), related components when asked (`related/<id>.json`), and
 * `snapshot.json` describing what is inside.
 */
export async function topologySnapshot(
  db: Queryable,
  id: string,
  q: SnapshotQuery,
): Promise<{ name: string; zip: Buffer }> {
  const now = new Date();
  const { rows: anchorRows } = await db.query<{ id: string; name: string; path: string }>(
    'SELECT id, name, path FROM components WHERE id = $1',
    [id],
  );
  const anchor = anchorRows[0];
  if (!anchor) throw new SnapshotNotFound(`Component ${id} not found`);
  const prefix = anchor.path ? `${anchor.path}.${anchor.id}` : anchor.id;
  const components = (
    await db.query<{ row: { id: string } }>(
      `SELECT ${REDACTED_COMPONENT} AS row FROM components c
       WHERE c.id = $1 OR (c.deleted_at IS NULL AND (c.path = $2 OR c.path LIKE $3))
       ORDER BY c.path, c.name LIMIT ${MAX_ROWS}`,
      [id, prefix, `${prefix}.%`],
    )
  ).rows.map((r) => r.row);
  const ids = components.map((c) => c.id);

  const { rows: checkLinks } = await db.query<{ component_id: string; check_id: string }>(
    `SELECT component_id, check_id FROM check_component_relationships
     WHERE deleted_at IS NULL AND component_id = ANY ($1::uuid[])`,
    [ids],
  );
  const { rows: configLinks } = await db.query<{
    component_id: string;
    config_id: string;
    selector_id: string;
  }>(
    `SELECT component_id, config_id, selector_id FROM config_component_relationships
     WHERE deleted_at IS NULL AND component_id = ANY ($1::uuid[])`,
    [ids],
  );
  const checkIds = [...new Set(checkLinks.map((l) => l.check_id))];
  const configIds = [...new Set(configLinks.map((l) => l.config_id))];

  const checks = (
    await db.query<{ row: { id: string } }>(
      `SELECT to_jsonb(k) || jsonb_build_object(
         'spec', redact_secrets(k.spec),
         'checkStatuses', coalesce((SELECT jsonb_agg(s ORDER BY s.time) FROM (
           SELECT time, status, duration, message, error FROM check_statuses
           WHERE check_id = k.id AND time >= $2 AND time <= $3 ORDER BY time DESC LIMIT ${MAX_ROWS}) s), '[]'::jsonb)
       ) AS row
       FROM checks k WHERE k.id = ANY ($1::uuid[])`,
      [checkIds, q.start, now],
    )
  ).rows.map((r) => r.row);
  const { rows: configs } = await db.query<{ id: string }>(
    `SELECT ci.*,
       coalesce((SELECT json_agg(ch ORDER BY ch.created_at DESC) FROM (
         SELECT id, change_type, severity, source, summary, details, diff, external_created_by, created_at,
           first_observed, count
         FROM config_changes WHERE config_id = ci.id AND created_at >= $2 AND created_at <= $3
         ORDER BY created_at DESC LIMIT ${MAX_ROWS}) ch), '[]'::json) AS changes,
       coalesce((SELECT json_agg(ca) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open'),
         '[]'::json) AS analysis
     FROM config_items ci WHERE ci.id = ANY ($1::uuid[])`,
    [configIds, q.start, now],
  );

  let related: { id: string }[] = [];
  if (q.related) {
    const { rows } = await db.query<{ row: { id: string } }>(
      `SELECT ${REDACTED_COMPONENT} AS row FROM components c
       WHERE c.deleted_at IS NULL AND NOT (c.id = ANY ($1::uuid[])) AND c.id IN (
         SELECT relationship_id FROM component_relationships WHERE deleted_at IS NULL AND component_id = ANY ($1::uuid[])
         UNION
         SELECT component_id FROM component_relationships WHERE deleted_at IS NULL AND relationship_id = ANY ($1::uuid[]))
       LIMIT ${MAX_ROWS}`,
      [ids],
    );
    related = rows.map((r) => r.row);
  }

  const checksOf = (cid: string) => checkLinks.filter((l) => l.component_id === cid).map((l) => l.check_id);
  const configsOf = (cid: string) =>
    configLinks
      .filter((l) => l.component_id === cid)
      .map((l) => ({ config_id: l.config_id, selector_id: l.selector_id }));
  const entries: ZipEntry[] = [
    {
      name: 'snapshot.json',
      data: json({
        component: { id: anchor.id, name: anchor.name },
        start: q.start.toISOString(),
        end: now.toISOString(),
        related: q.related,
        generated_at: now.toISOString(),
        counts: {
          components: components.length,
          checks: checks.length,
          configs: configs.length,
          related: related.length,
        },
      }),
      modified: now,
    },
    ...components.map((c) => ({
      name: `components/${c.id}.json`,
      data: json({ ...c, checks: checksOf(c.id), configs: configsOf(c.id) }),
      modified: now,
    })),
    ...checks.map((c) => ({ name: `checks/${c.id}.json`, data: json(c), modified: now })),
    ...configs.map((c) => ({ name: `configs/${c.id}.json`, data: json(c), modified: now })),
    ...related.map((c) => ({ name: `related/${c.id}.json`, data: json(c), modified: now })),
  ];
  return { name: anchor.name, zip: writeZip(entries) };
}
