-- Catalog (docs/catalog.md): scrapers, config items, changes, analysis (insights), relationships.

CREATE TABLE config_scrapers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text,
  description text,
  spec jsonb NOT NULL DEFAULT '{}'::jsonb,
  source text NOT NULL DEFAULT 'UI',
  schedule text,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX config_scrapers_name_key ON config_scrapers (agent_id, coalesce(namespace, ''), name)
  WHERE deleted_at IS NULL;

-- Scheduling state kept apart from the user-edited row: when a scraper next runs and who holds it.
CREATE TABLE config_scraper_state (
  scraper_id uuid PRIMARY KEY REFERENCES config_scrapers (id) ON DELETE CASCADE,
  next_run_at timestamptz,
  last_run_at timestamptz,
  -- A lease: another run (this or another replica) is in progress until this time.
  running_until timestamptz
);

CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  external_id text[] NOT NULL DEFAULT ARRAY[]::text[],
  type text NOT NULL,
  config_class text,
  name text,
  namespace text,
  description text,
  status text,
  health text CHECK (health IS NULL OR health IN ('healthy', 'unhealthy', 'warning', 'unknown')),
  ready boolean NOT NULL DEFAULT true,
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  tags jsonb NOT NULL DEFAULT '{}'::jsonb,
  properties jsonb NOT NULL DEFAULT '[]'::jsonb,
  config jsonb,
  path text,
  parent_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  last_scraped_time timestamptz,
  CONSTRAINT config_items_scraper_type_external_id_key UNIQUE (scraper_id, type, external_id)
);
CREATE INDEX config_items_type_name_idx ON config_items (type, name) WHERE deleted_at IS NULL;
CREATE INDEX config_items_type_name_all_idx ON config_items (type, name);
CREATE INDEX config_items_parent_id_idx ON config_items (parent_id);
CREATE INDEX config_items_agent_id_idx ON config_items (agent_id);
CREATE INDEX config_items_updated_at_idx ON config_items (updated_at DESC);
CREATE INDEX config_items_labels_idx ON config_items USING gin (labels jsonb_path_ops);
CREATE INDEX config_items_tags_idx ON config_items USING gin (tags jsonb_path_ops);
CREATE INDEX config_items_external_id_idx ON config_items USING gin (external_id);
CREATE INDEX config_items_status_idx ON config_items (status);
CREATE INDEX config_items_health_idx ON config_items (health);

CREATE TABLE config_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_change_id text,
  change_type text NOT NULL,
  severity text,
  source text,
  summary text,
  details jsonb,
  patches jsonb,
  diff text,
  created_by uuid REFERENCES people (id),
  external_created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  first_observed timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  fingerprint text
);
CREATE INDEX config_changes_created_at_brin ON config_changes USING brin (created_at);
CREATE INDEX config_changes_config_id_created_at_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_created_at_idx ON config_changes (created_at DESC, config_id);
CREATE INDEX config_changes_change_type_idx ON config_changes (change_type, created_at DESC);
CREATE INDEX config_changes_fingerprint_idx ON config_changes (config_id, fingerprint, created_at DESC)
  WHERE fingerprint IS NOT NULL;
CREATE UNIQUE INDEX config_changes_external_change_id_key ON config_changes (config_id, external_change_id)
  WHERE external_change_id IS NOT NULL;

CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  analyzer text NOT NULL,
  analysis_type text NOT NULL DEFAULT 'other',
  severity text NOT NULL DEFAULT 'info',
  status text NOT NULL DEFAULT 'open',
  message text,
  summary text,
  analysis jsonb,
  source text,
  first_observed timestamptz NOT NULL DEFAULT now(),
  last_observed timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX config_analysis_config_analyzer_key ON config_analysis (config_id, analyzer);
CREATE INDEX config_analysis_status_type_idx ON config_analysis (status, analysis_type);
CREATE INDEX config_analysis_first_observed_idx ON config_analysis (first_observed DESC);

CREATE TABLE config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  relation text NOT NULL DEFAULT '',
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, related_id, relation)
);
CREATE INDEX config_relationships_related_id_idx ON config_relationships (related_id);

-- Components arrive with topology (migrations 04x); no foreign key to them yet.
CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, config_id)
);
CREATE INDEX config_component_relationships_config_id_idx ON config_component_relationships (config_id);

-- The catalog list: one row per item with its recent change count and open insights by type.
CREATE VIEW configs AS
SELECT
  ci.id,
  ci.scraper_id,
  ci.agent_id,
  ci.external_id,
  ci.type,
  ci.config_class,
  ci.name,
  ci.namespace,
  ci.description,
  ci.status,
  ci.health,
  ci.ready,
  ci.labels,
  ci.tags,
  ci.path,
  ci.parent_id,
  ci.cost_per_minute,
  ci.cost_total_1d,
  ci.cost_total_7d,
  ci.cost_total_30d,
  ci.created_at,
  ci.updated_at,
  ci.deleted_at,
  ci.last_scraped_time,
  (
    SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '30 days'
  ) AS changes,
  (
    SELECT jsonb_object_agg(a.analysis_type, a.n)
    FROM (
      SELECT ca.analysis_type, count(*) AS n FROM config_analysis ca
      WHERE ca.config_id = ci.id AND ca.status = 'open'
      GROUP BY ca.analysis_type
    ) a
  ) AS analysis
FROM config_items ci;

CREATE VIEW config_detail AS
SELECT
  ci.id,
  ci.scraper_id,
  ci.agent_id,
  jsonb_build_object('id', ag.id, 'name', ag.name) AS agent,
  ci.external_id,
  ci.type,
  ci.config_class,
  ci.name,
  ci.namespace,
  ci.description,
  ci.status,
  ci.health,
  ci.ready,
  ci.labels,
  ci.tags,
  ci.properties,
  ci.config,
  ci.path,
  ci.parent_id,
  ci.cost_per_minute,
  ci.cost_total_1d,
  ci.cost_total_7d,
  ci.cost_total_30d,
  ci.created_at,
  ci.updated_at,
  ci.deleted_at,
  ci.last_scraped_time,
  CASE WHEN cs.id IS NULL THEN NULL ELSE jsonb_build_object('id', cs.id, 'name', cs.name) END AS config_scrapers,
  jsonb_build_object(
    'changes', (SELECT count(*) FROM config_changes cc WHERE cc.config_id = ci.id),
    'analysis', (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open'),
    'relationships', (
      SELECT count(*) FROM config_relationships r
      WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL
    ) + (SELECT count(*) FROM config_items ch WHERE ch.parent_id = ci.id AND ch.deleted_at IS NULL)
      + (CASE WHEN ci.parent_id IS NULL THEN 0 ELSE 1 END),
    'playbook_runs', 0,
    'checks', 0
  ) AS summary
FROM config_items ci
LEFT JOIN config_scrapers cs ON cs.id = ci.scraper_id
LEFT JOIN agents ag ON ag.id = ci.agent_id;

-- Per type (and class): counts, health, 30-day changes, open insights and cost.
CREATE VIEW config_summary AS
WITH items AS (
  SELECT ci.type, ci.config_class, ci.health, ci.cost_total_30d FROM config_items ci WHERE ci.deleted_at IS NULL
),
per_type AS (
  SELECT type, max(config_class) AS config_class, count(*) AS count, sum(cost_total_30d) AS cost_total_30d
  FROM items GROUP BY type
),
health AS (
  SELECT type, jsonb_object_agg(coalesce(health, 'unknown'), n) AS health
  FROM (SELECT type, health, count(*) AS n FROM items GROUP BY type, health) h GROUP BY type
),
changes AS (
  SELECT ci.type, count(*) AS changes
  FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
  WHERE cc.created_at > now() - interval '30 days' AND ci.deleted_at IS NULL
  GROUP BY ci.type
),
analysis AS (
  SELECT type, jsonb_object_agg(analysis_type, n) AS analysis
  FROM (
    SELECT ci.type, ca.analysis_type, count(*) AS n
    FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id
    WHERE ca.status = 'open' AND ci.deleted_at IS NULL
    GROUP BY ci.type, ca.analysis_type
  ) a GROUP BY type
)
SELECT
  p.type,
  p.config_class,
  p.count,
  coalesce(h.health, '{}'::jsonb) AS health,
  coalesce(c.changes, 0) AS changes,
  coalesce(a.analysis, '{}'::jsonb) AS analysis,
  p.cost_total_30d
FROM per_type p
LEFT JOIN health h ON h.type = p.type
LEFT JOIN changes c ON c.type = p.type
LEFT JOIN analysis a ON a.type = p.type;

CREATE VIEW config_types AS
SELECT DISTINCT type FROM config_items WHERE deleted_at IS NULL;

CREATE VIEW config_statuses AS
SELECT DISTINCT status FROM config_items WHERE deleted_at IS NULL AND status IS NOT NULL;

CREATE VIEW config_tags AS
SELECT DISTINCT t.key, t.value
FROM config_items ci, jsonb_each_text(ci.tags) t
WHERE ci.deleted_at IS NULL;

CREATE VIEW config_labels AS
SELECT DISTINCT l.key, l.value
FROM config_items ci, jsonb_each_text(ci.labels) l
WHERE ci.deleted_at IS NULL;

CREATE VIEW change_types AS
SELECT DISTINCT change_type FROM config_changes;

CREATE VIEW config_analysis_analyzers AS
SELECT DISTINCT analyzer FROM config_analysis;

-- Insights with their item; one row per linked component (component_id is null when none).
CREATE VIEW config_analysis_items AS
SELECT
  ca.id,
  ca.config_id,
  ca.scraper_id,
  ca.analyzer,
  ca.analysis_type,
  lower(ca.severity) AS severity,
  ca.status,
  ca.message,
  ca.summary,
  ca.analysis,
  ca.source,
  ca.first_observed,
  ca.last_observed,
  ci.name AS config_name,
  ci.type AS config_type,
  ci.config_class,
  ci.deleted_at AS config_deleted_at,
  jsonb_build_object('id', ci.id, 'name', ci.name, 'type', ci.type, 'config_class', ci.config_class) AS config,
  ccr.component_id
FROM config_analysis ca
JOIN config_items ci ON ci.id = ca.config_id
LEFT JOIN config_component_relationships ccr ON ccr.config_id = ca.config_id AND ccr.deleted_at IS NULL;

-- Changes with the item they belong to (the Changes tab and /catalog/changes).
CREATE VIEW catalog_changes AS
SELECT
  cc.id,
  cc.config_id,
  ci.name,
  ci.type,
  ci.config_class,
  ci.tags,
  ci.agent_id,
  ci.deleted_at,
  cc.external_change_id,
  cc.change_type,
  cc.severity,
  cc.source,
  cc.summary,
  cc.details,
  cc.created_by,
  cc.external_created_by,
  cc.created_at,
  cc.first_observed,
  cc.count,
  jsonb_build_object('id', ci.id, 'name', ci.name, 'type', ci.type, 'config_class', ci.config_class) AS config
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id;

-- Items related to one item, following config_relationships (hard) and, unless only hard
-- relations are asked for, parent/child links (soft). Each item appears once, at the depth
-- where it is first reached; the path check makes cycles harmless.
CREATE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'all',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 10,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both',
  type text DEFAULT NULL,
  status text DEFAULT NULL,
  health text DEFAULT NULL
)
RETURNS TABLE (
  id uuid,
  name text,
  type text,
  config_class text,
  status text,
  health text,
  ready boolean,
  labels jsonb,
  tags jsonb,
  path text,
  parent_id uuid,
  agent_id uuid,
  cost_total_30d numeric,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  direction text,
  depth integer,
  relation text,
  related_ids uuid[]
)
LANGUAGE sql STABLE
AS $$
  WITH RECURSIVE
  walk (node, prev, direction, depth, relation, trail) AS (
    SELECT related_configs_recursive.config_id, NULL::uuid, d.direction, 0, NULL::text,
      ARRAY[related_configs_recursive.config_id]
    FROM (VALUES ('outgoing'), ('incoming')) AS d (direction)
    WHERE related_configs_recursive.type_filter IN (d.direction, 'all')
    UNION ALL
    SELECT n.node, w.node, w.direction, w.depth + 1, n.relation, w.trail || n.node
    FROM walk w
    CROSS JOIN LATERAL (
      SELECT r.related_id AS node, r.relation FROM config_relationships r
      WHERE w.direction = 'outgoing' AND r.config_id = w.node AND r.deleted_at IS NULL
      UNION ALL
      SELECT ch.id, 'parent' FROM config_items ch
      WHERE w.direction = 'outgoing' AND ch.parent_id = w.node
        AND related_configs_recursive.outgoing_relation = 'both'
      UNION ALL
      SELECT r.config_id, r.relation FROM config_relationships r
      WHERE w.direction = 'incoming' AND r.related_id = w.node AND r.deleted_at IS NULL
      UNION ALL
      SELECT me.parent_id, 'parent' FROM config_items me
      WHERE w.direction = 'incoming' AND me.id = w.node AND me.parent_id IS NOT NULL
        AND related_configs_recursive.incoming_relation = 'both'
    ) n
    WHERE w.depth < related_configs_recursive.max_depth AND NOT n.node = ANY (w.trail)
  ),
  firsts AS (
    SELECT DISTINCT ON (w.node) w.node, w.direction, w.depth, w.relation
    FROM walk w
    WHERE w.depth > 0 AND w.node <> related_configs_recursive.config_id
    ORDER BY w.node, w.depth, w.direction DESC
  ),
  links AS (
    SELECT w.node, array_agg(DISTINCT w.prev) AS related_ids FROM walk w WHERE w.depth > 0 GROUP BY w.node
  )
  SELECT
    c.id, c.name, c.type, c.config_class, c.status, c.health, c.ready, c.labels, c.tags, c.path,
    c.parent_id, c.agent_id, c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at,
    f.direction, f.depth, f.relation, l.related_ids
  FROM firsts f
  JOIN config_items c ON c.id = f.node
  JOIN links l ON l.node = f.node
  WHERE (related_configs_recursive.include_deleted_configs OR c.deleted_at IS NULL)
    AND (related_configs_recursive.type IS NULL OR c.type = related_configs_recursive.type)
    AND (related_configs_recursive.status IS NULL OR c.status = related_configs_recursive.status)
    AND (related_configs_recursive.health IS NULL OR c.health = related_configs_recursive.health)
  ORDER BY f.depth, c.type, c.name
$$;
