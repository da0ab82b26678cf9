-- Health checks linked to config items (the item's Checks tab) and their summary view.

CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, check_id)
);
CREATE INDEX check_config_relationships_check_id_idx ON check_config_relationships (check_id);

-- One row per (config, check): the check's state with its last 24 hours (uptime, p99 latency).
CREATE VIEW check_summary_for_config AS
SELECT
  ccr.config_id,
  k.id,
  k.canary_id,
  k.name,
  k.type,
  k.icon,
  k.namespace,
  k.status,
  k.severity,
  k.description,
  k.labels,
  k.last_runtime,
  k.last_transition_time,
  jsonb_build_object('passed', coalesce(s.passed, 0), 'failed', coalesce(s.failed, 0)) AS uptime,
  jsonb_build_object('p99', s.p99) AS latency
FROM check_config_relationships ccr
JOIN checks k ON k.id = ccr.check_id AND k.deleted_at IS NULL
LEFT JOIN LATERAL (
  SELECT
    count(*) FILTER (WHERE cs.status) AS passed,
    count(*) FILTER (WHERE NOT cs.status) AS failed,
    percentile_disc(0.99) WITHIN GROUP (ORDER BY cs.duration) AS p99
  FROM check_statuses cs
  WHERE cs.check_id = k.id AND cs.time > now() - interval '1 day'
) s ON true
WHERE ccr.deleted_at IS NULL;

CREATE OR REPLACE VIEW config_detail AS
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
    'checks', (
      SELECT count(*) FROM check_config_relationships ccr
      JOIN checks k ON k.id = ccr.check_id AND k.deleted_at IS NULL
      WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL
    )
  ) AS summary
FROM config_items ci
LEFT JOIN config_scrapers cs ON cs.id = ci.scraper_id
LEFT JOIN agents ag ON ag.id = ci.agent_id;

