-- A topology card's summary counts the checks, config items, insights and incidents of the
-- component and of every live component below it (topology/rollup.ts). The views the side
-- panel, the insights page and the incident list read for a component now cover the same
-- subtree, so a card saying 'Checks unhealthy 3' opens a panel listing those 3 checks.

-- Each component with itself and its live descendants (a component's path lists its
-- ancestors' ids, root first, dot-separated). Internal: not exposed through the data API.
CREATE VIEW component_subtree AS
SELECT anc.id AS component_id, c.id AS member_id
FROM components anc
JOIN components c ON c.id = anc.id OR (
  c.deleted_at IS NULL AND (
    c.path = CASE WHEN anc.path = '' THEN anc.id::text ELSE anc.path || '.' || anc.id::text END
    OR c.path LIKE CASE WHEN anc.path = '' THEN anc.id::text ELSE anc.path || '.' || anc.id::text END || '.%'
  )
);

-- A check linked at several levels is listed once, with the link nearest the component.
CREATE OR REPLACE VIEW checks_by_component AS
SELECT DISTINCT ON (s.component_id, k.id)
  s.component_id,
  k.id,
  k.canary_id,
  k.name,
  k.namespace,
  k.type,
  k.icon,
  k.description,
  k.severity,
  k.status,
  k.labels,
  k.last_runtime,
  k.last_transition_time,
  r.selector_id,
  k.deleted_at,
  r.component_id AS linked_component_id
FROM component_subtree s
JOIN check_component_relationships r ON r.component_id = s.member_id
JOIN checks k ON k.id = r.check_id
WHERE r.deleted_at IS NULL AND k.deleted_at IS NULL
ORDER BY s.component_id, k.id, (r.component_id = s.component_id) DESC;

-- The config items linked to a component or below it, each once (the side panel's Catalog
-- section). `selector_id` is the nearest link's; 'manual' on the component itself can be unlinked.
CREATE VIEW configs_by_component AS
SELECT DISTINCT ON (s.component_id, r.config_id)
  s.component_id,
  r.config_id,
  r.selector_id,
  r.component_id AS linked_component_id,
  ci.name,
  ci.type,
  ci.deleted_at
FROM component_subtree s
JOIN config_component_relationships r ON r.component_id = s.member_id AND r.deleted_at IS NULL
LEFT JOIN config_items ci ON ci.id = r.config_id
ORDER BY s.component_id, r.config_id, (r.component_id = s.component_id) DESC, (r.selector_id = 'manual') DESC;

-- Distinct (component, config) pairs first, so a change of an item linked twice is one row.
CREATE OR REPLACE VIEW changes_by_component AS
SELECT
  cc.id,
  cc.config_id,
  cc.change_type,
  cc.severity,
  cc.summary,
  cc.source,
  cc.created_by,
  cc.external_created_by,
  cc.created_at,
  cc.first_observed,
  cc.count,
  ci.type,
  ci.name,
  ci.config_class,
  l.component_id
FROM (
  SELECT DISTINCT s.component_id, r.config_id
  FROM component_subtree s
  JOIN config_component_relationships r ON r.component_id = s.member_id AND r.deleted_at IS NULL
) l
JOIN config_items ci ON ci.id = l.config_id
JOIN config_changes cc ON cc.config_id = l.config_id;

CREATE OR REPLACE VIEW analysis_by_component AS
SELECT
  ca.id,
  ca.config_id,
  ca.analyzer,
  ca.analysis_type,
  lower(ca.severity) AS severity,
  ca.status,
  ca.message,
  ca.summary,
  ca.source,
  ca.first_observed,
  ca.last_observed,
  ci.type,
  ci.name,
  l.component_id
FROM (
  SELECT DISTINCT s.component_id, r.config_id
  FROM component_subtree s
  JOIN config_component_relationships r ON r.component_id = s.member_id AND r.deleted_at IS NULL
) l
JOIN config_items ci ON ci.id = l.config_id
JOIN config_analysis ca ON ca.config_id = l.config_id;

-- Incidents whose evidence points at the component or at a component below it.
CREATE OR REPLACE VIEW incidents_by_component AS
SELECT DISTINCT ON (s.component_id, i.id)
  s.component_id, i.id, i.incident_id, i.title, i.type, i.severity, i.status, i.created_at, i.updated_at
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
JOIN component_subtree s ON s.member_id = e.component_id
WHERE e.component_id IS NOT NULL
ORDER BY s.component_id, i.id;
