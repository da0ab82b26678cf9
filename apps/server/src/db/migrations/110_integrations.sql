-- /settings/integrations: scrapers, topologies and logging backends in one list, each with its
-- last job (status, details, start) and its last failure. No spec column: the list needs read
-- on 'integrations' only, so nothing that may hold credentials is exposed here.
CREATE VIEW integrations_with_status AS
WITH rows AS (
  SELECT
    s.id, s.name, s.namespace, s.source, s.agent_id, s.created_by, s.created_at, s.updated_at,
    'scrapers'::text AS integration_type,
    -- The scraper's kind is the first list in its spec (kubernetes, file, aws, ...).
    (SELECT e.key FROM jsonb_each(s.spec) e WHERE jsonb_typeof(e.value) = 'array' ORDER BY e.key LIMIT 1)
      AS type,
    'config_scraper'::text AS job_resource_type
  FROM config_scrapers s
  WHERE s.deleted_at IS NULL
  UNION ALL
  SELECT
    t.id, t.name, t.namespace, t.source, t.agent_id, t.created_by, t.created_at, t.updated_at,
    'topologies', 'topology', 'topology'
  FROM topologies t
  WHERE t.deleted_at IS NULL
  UNION ALL
  SELECT
    l.id, l.name, l.namespace, l.source, l.agent_id, l.created_by, l.created_at, l.updated_at,
    'logging_backends', 'logging_backend', 'logging_backend'
  FROM logging_backends l
  WHERE l.deleted_at IS NULL
)
SELECT
  r.id,
  r.name,
  r.namespace,
  r.source,
  r.type,
  r.integration_type,
  r.agent_id,
  jsonb_build_object('id', a.id, 'name', a.name) AS agent,
  j.status AS job_status,
  j.details AS job_details,
  j.name AS job_name,
  j.time_start AS job_time_start,
  f.created_at AS job_last_failed,
  CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object('id', p.id, 'name', p.name) END AS created_by,
  r.created_at,
  r.updated_at
FROM rows r
LEFT JOIN agents a ON a.id = r.agent_id
LEFT JOIN people p ON p.id = r.created_by
LEFT JOIN LATERAL (
  SELECT h.status, h.details, h.name, h.time_start
  FROM job_history h
  WHERE h.resource_type = r.job_resource_type AND h.resource_id = r.id::text
  ORDER BY h.created_at DESC
  LIMIT 1
) j ON true
LEFT JOIN LATERAL (
  SELECT h.created_at
  FROM job_history h
  WHERE h.resource_type = r.job_resource_type AND h.resource_id = r.id::text AND h.status = 'FAILED'
  ORDER BY h.created_at DESC
  LIMIT 1
) f ON true;
