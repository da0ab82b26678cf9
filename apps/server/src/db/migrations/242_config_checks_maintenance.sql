-- A config item's checks (Checks tab): their day's uptime leaves out results recorded under
-- maintenance (docs/maintenance.md), as the dashboard's does. Otherwise migration 033's view.
CREATE OR REPLACE VIEW check_summary_for_config AS
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
    count(*) FILTER (WHERE cs.status AND NOT cs.maintenance) AS passed,
    count(*) FILTER (WHERE NOT cs.status AND NOT cs.maintenance) AS failed,
    percentile_disc(0.99) WITHIN GROUP (ORDER BY cs.duration) AS p99
  FROM check_statuses cs
  WHERE cs.check_id = k.id AND cs.time > now() - interval '1 day'
) s ON true
WHERE ccr.deleted_at IS NULL;
