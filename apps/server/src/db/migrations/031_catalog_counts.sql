-- Real catalog counts in agents_summary and scraper names in job_histories. The checks_count
-- expression and the canary branch are kept exactly as the health migration (020) defines them.

CREATE OR REPLACE VIEW agents_summary AS
SELECT
  a.id,
  a.name,
  a.description,
  a.hostname,
  a.version,
  a.properties,
  a.person_id,
  a.last_seen,
  a.last_received,
  a.created_by,
  a.created_at,
  a.updated_at,
  a.deleted_at,
  (SELECT count(*) FROM config_items ci WHERE ci.agent_id = a.id AND ci.deleted_at IS NULL)::bigint AS config_count,
  (SELECT count(*) FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL)::bigint AS checks_count,
  (SELECT count(*) FROM config_scrapers s WHERE s.agent_id = a.id AND s.deleted_at IS NULL)::bigint
    AS config_scrapper_count,
  0::bigint AS playbook_runs_count
FROM agents a
WHERE a.id <> '00000000-0000-0000-0000-000000000000';

-- Areas that own other job resources (topologies) extend this CASE.
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
