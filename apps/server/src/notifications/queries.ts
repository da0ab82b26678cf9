import {
  IN_PROGRESS_STATUSES,
  parseSilenceTime,
  SUPPRESSED_STATUSES,
  type NotificationSummaryRequest,
  type NotificationSummaryResponse,
  type SilencePreviewItem,
  type SilenceResourceType,
} from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';

/** POST /api/notification/summary: the history grouped by resource, newest activity first. */
export async function historySummary(
  db: Queryable,
  q: NotificationSummaryRequest,
  now: Date = new Date(),
): Promise<NotificationSummaryResponse> {
  const from = q.from ? (parseSilenceTime(q.from, now) ?? null) : null;
  const to = q.to ? (parseSilenceTime(q.to, now) ?? null) : null;
  const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH grouped AS (
       SELECT resource_id, resource_type,
         coalesce(sum(count) FILTER (WHERE status = 'sent'), 0)::int AS sent,
         coalesce(sum(count) FILTER (WHERE status = 'error'), 0)::int AS error,
         coalesce(sum(count) FILTER (WHERE status = ANY ($6::text[])), 0)::int AS suppressed,
         coalesce(sum(count) FILTER (WHERE status = ANY ($7::text[])), 0)::int AS pending,
         max(created_at) AS last_seen
       FROM notification_send_history
       WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR resource_type = $2)
         AND ($3::text IS NULL OR resource->>'name' ILIKE $3)
         AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)
       GROUP BY resource_id, resource_type
     ), page AS (
       SELECT *, count(*) OVER ()::int AS total FROM grouped
       ORDER BY last_seen DESC, resource_id LIMIT $8 OFFSET $9
     )
     -- The resource as its newest row names it, read for the page only.
     SELECT page.*, (SELECT h.resource FROM notification_send_history h WHERE h.resource_id = page.resource_id
                     ORDER BY h.created_at DESC LIMIT 1) AS resource
     FROM page ORDER BY last_seen DESC, resource_id`,
    [
      q.status ?? null,
      q.resourceType ?? null,
      search,
      from,
      to,
      [...SUPPRESSED_STATUSES],
      [...IN_PROGRESS_STATUSES],
      q.pageSize,
      q.pageIndex * q.pageSize,
    ],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.pageIndex > 0) {
    const counted = await db.query<{ n: number }>(
      `SELECT count(DISTINCT resource_id)::int AS n FROM notification_send_history
       WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR resource_type = $2)`,
      [q.status ?? null, q.resourceType ?? null],
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    total,
    results: rows.map((r) => ({
      resource: r.resource as NotificationSummaryResponse['results'][number]['resource'],
      resource_type: r.resource_type as NotificationSummaryResponse['results'][number]['resource_type'],
      sent: Number(r.sent),
      error: Number(r.error),
      suppressed: Number(r.suppressed),
      pending: Number(r.pending),
      last_seen: new Date(r.last_seen as string).toISOString(),
    })),
  };
}

/**
 * GET /api/notification/send_history/{id}: the row with its body, its rule and, for a playbook
 * recipient, the run it started; undefined when unknown.
 */
export async function historyDetail(db: Queryable, id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT h.id, h.notification_id, h.created_at, h.first_observed, h.count, h.source_event, h.resource_id,
       h.resource_type, h.resource, h.status, h.recipient, h.person_id, h.silenced_by, h.not_before, h.body,
       h.error, h.duration_millis, n.name AS notification_name,
       CASE WHEN n.id IS NULL THEN NULL ELSE jsonb_build_object('id', n.id, 'name', n.name) END AS notification,
       CASE WHEN r.id IS NULL THEN NULL ELSE jsonb_build_object('id', r.id, 'status', r.status,
         'playbook_name', coalesce(nullif(p.title, ''), p.name)) END AS playbook_run
     FROM notification_send_history h LEFT JOIN notifications n ON n.id = h.notification_id
       LEFT JOIN playbook_runs r ON r.id = h.playbook_run_id
       LEFT JOIN playbooks p ON p.id = r.playbook_id
     WHERE h.id = $1`,
    [id],
  );
  return rows[0];
}

const PREVIEW: Readonly<Record<SilenceResourceType, { one: string; descendants: string }>> = {
  config: {
    one: `SELECT id, name, type, 'config' AS resource_type FROM config_items WHERE id = $1 AND deleted_at IS NULL`,
    descendants: `SELECT id, name, type, 'config' AS resource_type FROM config_items
      WHERE deleted_at IS NULL AND id <> $1 AND strpos(coalesce(path, ''), $1::text) > 0 ORDER BY name LIMIT $2`,
  },
  component: {
    one: `SELECT id, name, type, 'component' AS resource_type FROM components WHERE id = $1 AND deleted_at IS NULL`,
    descendants: `SELECT id, name, type, 'component' AS resource_type FROM components
      WHERE deleted_at IS NULL AND id <> $1 AND strpos(path, $1::text) > 0 ORDER BY name LIMIT $2`,
  },
  check: {
    one: `SELECT id, name, type, 'check' AS resource_type FROM checks WHERE id = $1 AND deleted_at IS NULL`,
    descendants: `SELECT id, name, type, 'check' AS resource_type FROM checks WHERE false AND $1::uuid IS NULL LIMIT $2`,
  },
  canary: {
    one: `SELECT id, name, 'canary' AS type, 'canary' AS resource_type FROM canaries WHERE id = $1 AND deleted_at IS NULL`,
    // A canary's silence covers its checks.
    descendants: `SELECT id, name, type, 'check' AS resource_type FROM checks
      WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY name LIMIT $2`,
  },
};

/** GET /api/notification/silence_preview: the resources a silence of this resource would cover. */
export async function silencePreview(
  db: Queryable,
  q: { id: string; type: SilenceResourceType; recursive: boolean; limit: number },
): Promise<SilencePreviewItem[]> {
  const sql = PREVIEW[q.type];
  const own = (await db.query<SilencePreviewItem>(sql.one, [q.id])).rows;
  if (own.length === 0) return [];
  const more =
    q.recursive || q.type === 'canary'
      ? (await db.query<SilencePreviewItem>(sql.descendants, [q.id, q.limit])).rows
      : [];
  return [...own, ...more].slice(0, q.limit);
}
