-- record_check_result (migration 214) marks a result taken while its check is under
-- maintenance (maintenance_resources, migration 240: one indexed lookup) and leaves such
-- results out of the trailing hour's passed and failed counts. Latency still counts them.
DROP FUNCTION record_check_result(uuid, text, timestamptz, timestamptz, integer, boolean, text, text, jsonb);
CREATE FUNCTION record_check_result(
  p_check uuid, p_status text, p_time timestamptz, p_next_runtime timestamptz, p_duration integer,
  p_pass boolean, p_message text, p_error text, p_details jsonb
) RETURNS TABLE (previous text) LANGUAGE plpgsql AS $$
DECLARE
  p_maintenance boolean := EXISTS (SELECT 1 FROM maintenance_resources
    WHERE resource_id = p_check AND ends_at > p_time AND starts_at <= p_time);
BEGIN
  RETURN QUERY WITH prev AS (SELECT id, status FROM checks WHERE id = p_check FOR UPDATE),
    upd AS (
      UPDATE checks c SET status = p_status, last_runtime = p_time, next_runtime = p_next_runtime,
        last_transition_time = CASE WHEN prev.status IS DISTINCT FROM p_status THEN p_time ELSE c.last_transition_time END
      FROM prev WHERE c.id = prev.id
      RETURNING prev.status AS previous, c.id, c.canary_id, c.agent_id, c.name, c.namespace, c.type, c.status, c.icon,
        c.description, c.endpoint, c.labels, c.severity, c.last_transition_time, c.last_runtime, c.next_runtime,
        c.created_at, c.deleted_at
    ),
    ins AS (
      INSERT INTO check_statuses (check_id, time, duration, status, message, error, details, maintenance)
      SELECT p_check, p_time, p_duration, p_pass, p_message, p_error, p_details, p_maintenance FROM upd
      ON CONFLICT (check_id, time) DO NOTHING
    ),
    win AS (
      SELECT duration, status, time, maintenance FROM check_statuses
      WHERE check_id = p_check AND time > p_time - interval '1 hour' AND time <> p_time
      UNION ALL SELECT p_duration, p_pass, p_time, p_maintenance FROM upd
    ),
    stats AS (
      INSERT INTO check_stats (check_id, passed, failed, p95, p97, p99, rolling1h, last_pass, last_fail, updated_at)
      SELECT p_check, count(*) FILTER (WHERE status AND NOT maintenance), count(*) FILTER (WHERE NOT status AND NOT maintenance),
        percentile_cont(0.95) WITHIN GROUP (ORDER BY duration),
        percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
        percentile_cont(0.99) WITHIN GROUP (ORDER BY duration),
        avg(duration), max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status), p_time
      FROM win HAVING count(*) > 0
      ON CONFLICT (check_id) DO UPDATE SET passed = excluded.passed, failed = excluded.failed,
        p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99, rolling1h = excluded.rolling1h,
        last_pass = coalesce(excluded.last_pass, check_stats.last_pass),
        last_fail = coalesce(excluded.last_fail, check_stats.last_fail), updated_at = excluded.updated_at
      RETURNING passed, failed, last_pass, last_fail, p95, p97, p99, rolling1h, updated_at
    ),
    cache AS (
      INSERT INTO check_summaries (check_id, json, stats_at)
      SELECT x.id, (SELECT row_to_json(e) FROM (SELECT x.id, x.canary_id, x.canary_name, x.canary_namespace,
        x.agent_id, x.name, x.namespace, x.type, x.status, x.icon, x.description, x.endpoint, x.labels, x.severity,
        x.last_transition_time, x.last_runtime, x.next_runtime, x.created_at, x.deleted_at,
        (SELECT row_to_json(u) FROM (SELECT coalesce(x.passed, 0) AS passed, coalesce(x.failed, 0) AS failed,
          x.last_pass, x.last_fail) u) AS uptime,
        (SELECT row_to_json(l) FROM (SELECT coalesce(x.p95, 0) AS p95, coalesce(x.p97, 0) AS p97,
          coalesce(x.p99, 0) AS p99, coalesce(x.rolling1h, 0) AS rolling1h) l) AS latency) e)::text, x.stats_at
      FROM (
        SELECT upd.*, cn.name AS canary_name, cn.namespace AS canary_namespace, st.passed, st.failed, st.last_pass,
          st.last_fail, st.p95, st.p97, st.p99, st.rolling1h, st.updated_at AS stats_at
        FROM upd JOIN canaries cn ON cn.id = upd.canary_id LEFT JOIN stats st ON true
      ) x
      ON CONFLICT (check_id) DO UPDATE SET json = excluded.json, stats_at = excluded.stats_at
    )
    SELECT upd.previous FROM upd;
END
$$;
