/**
 * The SQL that turns a page's groups of selectors into the checks and components they choose,
 * shared by the public read (read-sql.ts) and the editor's preview (preview.ts). Expects a CTE
 * `grp (ord, name, selectors)`; defines `sel` and `matched (ord, kind, id, name, state)`.
 * The criteria are those of src/selectors.ts (likePattern, parseLabelSelector, matchesLabels),
 * written in SQL (migration 250) so one statement reads a whole page.
 */
const criteria = (t: string) => `
    AND (sel.s ->> 'name' IS NULL OR ${t}.name LIKE status_page_like(sel.s ->> 'name'))
    AND (sel.s ->> 'namespace' IS NULL OR ${t}.namespace = sel.s ->> 'namespace')
    AND (coalesce(jsonb_array_length(sel.s -> 'types'), 0) = 0 OR (sel.s -> 'types') ? ${t}.type)
    AND status_page_labels_match(${t}.labels, sel.s ->> 'labelSelector')`;

/** Members per group, at most this many (a page of every check in a large install stays bounded). */
export const MAX_MEMBERS_PER_GROUP = 1000;

export const MATCHED_CTES = `
sel AS (
  SELECT grp.ord, s.value AS s FROM grp, jsonb_array_elements(grp.selectors) AS s(value)
),
matched_all AS (
  SELECT DISTINCT ON (sel.ord, c.id) sel.ord, 'check'::text AS kind, c.id, c.name,
    CASE c.status WHEN 'healthy' THEN 'operational' WHEN 'unhealthy' THEN 'outage' ELSE 'unknown' END AS state
  FROM sel JOIN checks c ON c.deleted_at IS NULL AND (sel.s ->> 'kind') IS DISTINCT FROM 'component'${criteria('c')}
  UNION ALL
  SELECT DISTINCT ON (sel.ord, k.id) sel.ord, 'component'::text, k.id, k.name,
    CASE k.status WHEN 'healthy' THEN 'operational' WHEN 'warning' THEN 'degraded'
      WHEN 'unhealthy' THEN 'outage' ELSE 'unknown' END
  FROM sel JOIN components k ON k.deleted_at IS NULL AND (sel.s ->> 'kind') IS DISTINCT FROM 'check'${criteria('k')}
),
matched AS (
  SELECT ord, kind, id, name, state FROM (
    SELECT m.*, row_number() OVER (PARTITION BY m.ord ORDER BY m.name, m.kind, m.id) AS n FROM matched_all m
  ) ranked WHERE n <= ${MAX_MEMBERS_PER_GROUP}
)`;

/**
 * The worst of a set of public states: outage, degraded, maintenance, unknown, operational (none:
 * unknown). Maintenance ranks above unknown and operational: a group with a member under planned
 * work reads so, unless something is actually wrong.
 */
export const worstState = (
  expr: string,
) => `coalesce((ARRAY['operational', 'unknown', 'maintenance', 'degraded', 'outage'])[
  max(CASE ${expr} WHEN 'outage' THEN 5 WHEN 'degraded' THEN 4 WHEN 'maintenance' THEN 3 WHEN 'unknown' THEN 2 WHEN 'operational' THEN 1 END)], 'unknown')`;
