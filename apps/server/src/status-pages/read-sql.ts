import { MAINTENANCE_CTES } from './maintenance-sql.js';
import { MATCHED_CTES, worstState } from './select-sql.js';

/** Days of the uptime bars, today included. */
export const UPTIME_DAYS = 90;
/** Incidents a page lists (active first, then the latest resolved). */
const MAX_INCIDENTS = 50;
const ACTIVE = `('new', 'open', 'investigating', 'mitigated')`;

/**
 * The whole public page in one statement ($1 slug or $2 custom domain): the page, its groups'
 * members with their state (maintenance when a window covers them now) and daily uptime
 * (check_statuses_1d; a component's from the checks related to it) and days of maintenance, the incidents of the last 90 days that concern a member
 * and have a public update, with those updates, and the maintenance under way or coming up that
 * covers a member (maintenance-sql.ts). Members, incidents and updates are named by keys derived from the
 * page's id and theirs (md5), so no id ever leaves. No row: no such page.
 */
export const READ_PAGE_SQL = `
WITH page AS (
  SELECT p.id, p.slug, p.title, p.logo, p.description, p.groups FROM status_pages p
  WHERE p.deleted_at IS NULL AND (p.slug = $1::text OR p.custom_domain = $2::text)
  ORDER BY p.created_at LIMIT 1
),
grp AS (
  SELECT g.ord, g.value ->> 'name' AS name, g.value -> 'selectors' AS selectors
  FROM page, jsonb_array_elements(page.groups) WITH ORDINALITY AS g(value, ord)
),
${MATCHED_CTES},
day0 AS (SELECT date_trunc('day', now()) - interval '${UPTIME_DAYS - 1} days' AS t),
targets AS (SELECT DISTINCT kind, id FROM matched),
behind AS (
  SELECT kind, id, id AS check_id FROM targets WHERE kind = 'check'
  UNION
  SELECT 'component', r.component_id, r.check_id FROM check_component_relationships r
  WHERE r.deleted_at IS NULL AND r.component_id IN (SELECT id FROM targets WHERE kind = 'component')
),
-- Each member's bars from its own rows (a component's: the checks related to it), one index
-- range per member: a lateral the planner cannot turn into a join repeated once per member.
-- A member a maintenance window covers now reads 'maintenance', whatever its own state: planned
-- work is not an outage (maintenance_resources: one indexed lookup per member).
members AS (
  SELECT m.ord, m.name, st.state, jsonb_build_object('key', left(md5(page.id::text || ':' || m.kind || ':' || m.id::text), 16),
    'name', m.name, 'state', st.state, 'uptime', u.bars, 'uptime90', u.total,
    'maintenance_days', u.maintenance_days) AS doc, m.kind, m.id
  FROM matched m, page, day0 CROSS JOIN LATERAL (
    SELECT CASE WHEN EXISTS (SELECT 1 FROM maintenance_resources mr
      WHERE mr.resource_id = m.id AND mr.ends_at > now() AND mr.starts_at <= now()) THEN 'maintenance' ELSE m.state END AS state
  ) st CROSS JOIN LATERAL (
    SELECT jsonb_agg(CASE WHEN x.p + x.f > 0 THEN round(100.0 * x.p / (x.p + x.f), 2) END ORDER BY s.i) AS bars,
      CASE WHEN sum(x.p + x.f) > 0 THEN round(100.0 * sum(x.p) / sum(x.p + x.f), 3) END AS total,
      -- A day with results under maintenance and no failure outside it is drawn as maintenance.
      coalesce(jsonb_agg(s.i ORDER BY s.i) FILTER (WHERE x.mt > 0 AND x.f = 0), '[]'::jsonb) AS maintenance_days
    FROM generate_series(0, ${UPTIME_DAYS - 1}) AS s(i) LEFT JOIN (
      SELECT round(extract(epoch FROM d.time - day0.t) / 86400)::int AS i,
        sum(d.passed) AS p, sum(d.failed) AS f, sum(d.maintenance) AS mt
      FROM check_statuses_1d d
      WHERE d.time >= day0.t AND d.check_id = ANY (CASE WHEN m.kind = 'check' THEN ARRAY[m.id] ELSE ARRAY(
        SELECT r.check_id FROM check_component_relationships r WHERE r.component_id = m.id AND r.deleted_at IS NULL) END)
      GROUP BY 1
    ) x ON x.i = s.i
  ) u
),
groups_doc AS (
  SELECT grp.ord, jsonb_build_object('name', grp.name, 'state', g.state, 'members', g.members) AS doc, g.state
  FROM grp CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_agg(m.doc ORDER BY m.name, m.kind, m.id), '[]'::jsonb) AS members, ${worstState('m.state')} AS state
    FROM members m WHERE m.ord = grp.ord
  ) g
),
inc AS (
  SELECT i.id, i.title, i.status, i.created_at, i.resolved, i.status IN ${ACTIVE} AS active FROM incidents i
  WHERE (i.status IN ${ACTIVE} OR i.created_at > now() - interval '${UPTIME_DAYS} days')
    AND EXISTS (SELECT 1 FROM comments c WHERE c.incident_id = i.id AND c.kind = 'public_update')
),
concern AS (
  SELECT DISTINCT inc.id AS incident_id, m.name
  FROM inc JOIN hypotheses h ON h.incident_id = inc.id JOIN evidences e ON e.hypothesis_id = h.id
  JOIN behind b ON b.check_id = e.check_id JOIN matched m ON m.kind = b.kind AND m.id = b.id
  UNION
  SELECT DISTINCT inc.id, m.name
  FROM inc JOIN hypotheses h ON h.incident_id = inc.id JOIN evidences e ON e.hypothesis_id = h.id
  JOIN matched m ON m.kind = 'component' AND m.id = e.component_id
),
incidents_doc AS (
  SELECT coalesce(jsonb_agg(x.doc ORDER BY x.active DESC, x.created_at DESC), '[]'::jsonb) AS list FROM (
    SELECT inc.active, inc.created_at, jsonb_build_object(
      'key', left(md5(page.id::text || ':incident:' || inc.id::text), 16),
      'title', inc.title, 'status', inc.status, 'active', inc.active,
      'started', inc.created_at, 'resolved', inc.resolved,
      'affects', (SELECT jsonb_agg(DISTINCT cn.name) FROM concern cn WHERE cn.incident_id = inc.id),
      'updates', (SELECT jsonb_agg(jsonb_build_object('key', left(md5(page.id::text || ':update:' || c.id::text), 16),
          'at', c.created_at, 'text', c.comment) ORDER BY c.created_at DESC)
        FROM comments c WHERE c.incident_id = inc.id AND c.kind = 'public_update')) AS doc
    FROM inc, page WHERE inc.id IN (SELECT incident_id FROM concern)
    ORDER BY inc.active DESC, inc.created_at DESC LIMIT ${MAX_INCIDENTS}
  ) x
),
${MAINTENANCE_CTES}
SELECT jsonb_build_object('slug', page.slug, 'title', page.title, 'description', page.description,
  'logo', page.logo, 'state', (SELECT ${worstState('gd.state')} FROM groups_doc gd),
  'since', to_char(day0.t, 'YYYY-MM-DD'),
  'groups', (SELECT coalesce(jsonb_agg(gd.doc ORDER BY gd.ord), '[]'::jsonb) FROM groups_doc gd),
  'incidents', incidents_doc.list, 'maintenance', maintenance_doc.list, 'generated_at', now())::text AS doc
FROM page, day0, incidents_doc, maintenance_doc`;
