-- Topology (docs/topology.md): topology specs, the components they build,
-- links from components to checks, config items, teams and other components, and the views
-- the topology pages read.

CREATE TABLE topologies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  spec jsonb NOT NULL DEFAULT '{}'::jsonb,
  source text NOT NULL DEFAULT 'UI',
  -- Copied from spec.schedule on save; the reconciliation job reads it.
  schedule text,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id),
  -- When the reconciliation job builds this topology next; a replica claims a run by moving it.
  next_runtime timestamptz,
  last_runtime timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX topologies_name_key ON topologies (agent_id, namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX topologies_due_idx ON topologies (next_runtime) WHERE deleted_at IS NULL;

CREATE TABLE components (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topology_id uuid REFERENCES topologies (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES components (id) ON DELETE CASCADE,
  name text NOT NULL,
  title text,
  text text,
  tooltip text,
  type text,
  icon text,
  namespace text,
  owner text,
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The rolled-up health (healthy, unhealthy, warning, unknown, info) and why.
  status text NOT NULL DEFAULT 'unknown',
  health text,
  status_reason text,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  external_id text,
  config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  -- Dot-separated ids of the ancestors, root first ('' for a root).
  path text NOT NULL DEFAULT '',
  is_leaf boolean NOT NULL DEFAULT false,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  properties jsonb NOT NULL DEFAULT '[]'::jsonb,
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  hidden boolean NOT NULL DEFAULT false,
  log_selectors jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The component's identity inside its topology (parent, type, name, source item), which
  -- reconciliation matches on so that ids survive re-runs.
  spec_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX components_topology_id_idx ON components (topology_id);
CREATE INDEX components_parent_id_idx ON components (parent_id);
CREATE INDEX components_config_id_idx ON components (config_id);
CREATE INDEX components_live_idx ON components (parent_id, name) WHERE deleted_at IS NULL;
CREATE INDEX components_labels_idx ON components USING gin (labels jsonb_path_ops);

-- Components a component's selectors matched (related components, used by snapshots).
CREATE TABLE component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  relationship_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, relationship_id)
);
CREATE INDEX component_relationships_relationship_id_idx ON component_relationships (relationship_id);

CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, check_id)
);
CREATE INDEX check_component_relationships_check_id_idx ON check_component_relationships (check_id);

-- The catalog created this table before components existed. NOT VALID: the key is enforced
-- for every new link without refusing to start over links stored before components existed.
ALTER TABLE config_component_relationships
  ADD CONSTRAINT config_component_relationships_component_id_fkey
  FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE NOT VALID;

CREATE TABLE team_components (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, component_id)
);
CREATE INDEX team_components_component_id_idx ON team_components (component_id);

-- Component pickers (incidents, logs, link dialogs).
CREATE VIEW component_names AS
SELECT c.id, c.path, c.external_id, c.type, c.name, c.icon, c.parent_id, c.topology_id, c.created_at, c.updated_at
FROM components c
WHERE c.deleted_at IS NULL AND NOT c.hidden;

-- Components that have log selectors (the logs viewer's Component picker).
CREATE VIEW components_with_logs AS
SELECT c.id, c.name, c.agent_id, c.icon, c.type, c.external_id, c.log_selectors, c.log_selectors AS logs
FROM components c
WHERE c.deleted_at IS NULL AND jsonb_typeof(c.log_selectors) = 'array' AND jsonb_array_length(c.log_selectors) > 0;

CREATE VIEW component_labels AS
SELECT DISTINCT l.key, l.value
FROM components c, jsonb_each_text(c.labels) l
WHERE c.deleted_at IS NULL;

CREATE VIEW checks_by_component AS
SELECT
  r.component_id,
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
  k.deleted_at
FROM check_component_relationships r
JOIN checks k ON k.id = r.check_id
WHERE r.deleted_at IS NULL AND k.deleted_at IS NULL;

CREATE VIEW changes_by_component AS
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
  r.component_id
FROM config_component_relationships r
JOIN config_items ci ON ci.id = r.config_id
JOIN config_changes cc ON cc.config_id = r.config_id
WHERE r.deleted_at IS NULL;

CREATE VIEW analysis_by_component AS
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
  r.component_id
FROM config_component_relationships r
JOIN config_items ci ON ci.id = r.config_id
JOIN config_analysis ca ON ca.config_id = r.config_id
WHERE r.deleted_at IS NULL;

-- The canary and scraper branches are kept exactly as 020 and 031 define them.
CREATE OR REPLACE VIEW job_histories AS
SELECT
  j.id,
  j.name,
  j.agent_id,
  jsonb_build_object('id', a.id, 'name', a.name) AS agent,
  j.resource_id,
  j.resource_type,
  CASE
    WHEN j.resource_type = 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = j.resource_id)
    WHEN j.resource_type = 'config_scraper' THEN (SELECT s.name FROM config_scrapers s WHERE s.id::text = j.resource_id)
    WHEN j.resource_type = 'topology' THEN (SELECT t.name FROM topologies t WHERE t.id::text = j.resource_id)
  END::text AS resource_name,
  j.status,
  j.success_count,
  j.error_count,
  j.details,
  j.hostname,
  j.duration_millis,
  j.time_start,
  j.time_end,
  j.created_at
FROM job_history j
LEFT JOIN agents a ON a.id = j.agent_id;
