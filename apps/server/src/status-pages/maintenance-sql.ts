import { MAINTENANCE_HORIZON_DAYS } from '@opsdeck/shared';

/** Windows a page lists, and occurrences per window (a daily window would list 14 otherwise). */
const MAX_WINDOWS = 20;
const MAX_OCCURRENCES = 5;

/**
 * The page's upcoming maintenance, as CTEs of READ_PAGE_SQL (which defines `page`, `matched` and
 * `behind`): the windows under way or starting within MAINTENANCE_HORIZON_DAYS, from the
 * horizon the MaintenanceWindows job keeps (maintenance_occurrences, maintenance_coverage), that
 * cover a member — a chosen check or component, or a check behind a chosen component, whose
 * results make that component's uptime. A window that covers nothing on the page is not read at
 * all, so its name and description never reach this page. Defines `maintenance_doc (list)`.
 */
export const MAINTENANCE_CTES = `
covering AS (
  SELECT c.window_id, m.name
  FROM maintenance_coverage c JOIN behind b ON b.check_id = c.resource_id
  JOIN matched m ON m.kind = b.kind AND m.id = b.id
  WHERE c.resource_type = 'check'
  UNION
  SELECT c.window_id, m.name
  FROM maintenance_coverage c JOIN matched m ON m.kind = 'component' AND m.id = c.resource_id
  WHERE c.resource_type = 'component'
),
upcoming AS (
  SELECT w.id, w.name, w.description, coalesce(w.updated_at, w.created_at) AS updated, o.first, o.active, o.list
  FROM maintenance_windows w CROSS JOIN LATERAL (
    SELECT min(y.starts_at) AS first, bool_or(y.starts_at <= now()) AS active,
      jsonb_agg(jsonb_build_object('starts', y.starts_at, 'ends', y.ends_at) ORDER BY y.starts_at) AS list
    FROM (
      SELECT mo.starts_at, mo.ends_at FROM maintenance_occurrences mo
      WHERE mo.window_id = w.id AND mo.ends_at > now()
        AND mo.starts_at < now() + interval '${MAINTENANCE_HORIZON_DAYS} days'
      ORDER BY mo.starts_at LIMIT ${MAX_OCCURRENCES}
    ) y
  ) o
  WHERE w.deleted_at IS NULL AND w.id IN (SELECT window_id FROM covering) AND o.first IS NOT NULL
  ORDER BY o.active DESC, o.first, w.name LIMIT ${MAX_WINDOWS}
),
maintenance_doc AS (
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'key', left(md5(page.id::text || ':maintenance:' || u.id::text), 16),
      'name', u.name, 'description', u.description, 'active', u.active, 'updated', u.updated,
      'affects', coalesce((SELECT jsonb_agg(DISTINCT cv.name) FROM covering cv WHERE cv.window_id = u.id), '[]'::jsonb),
      'occurrences', u.list) ORDER BY u.active DESC, u.first, u.name), '[]'::jsonb) AS list
  FROM upcoming u, page
)`;
