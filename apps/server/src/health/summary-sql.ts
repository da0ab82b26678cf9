/**
 * SQL fragments shared by the summary query and the writers that keep check_summaries
 * current, so a cached entry and a freshly built one are the same JSON.
 */

/** One summary entry, from a row `x` carrying CHECK_COLUMNS and the stats columns. */
export const CHECK_JSON = `json_build_object('id', x.id, 'canary_id', x.canary_id, 'canary_name', x.canary_name,
  'canary_namespace', x.canary_namespace, 'agent_id', x.agent_id, 'name', x.name, 'namespace', x.namespace,
  'type', x.type, 'status', x.status, 'icon', x.icon, 'description', x.description, 'endpoint', x.endpoint,
  'labels', x.labels, 'severity', x.severity, 'last_transition_time', x.last_transition_time,
  'last_runtime', x.last_runtime, 'next_runtime', x.next_runtime, 'created_at', x.created_at, 'deleted_at', x.deleted_at,
  'uptime', json_build_object('passed', coalesce(x.passed, 0), 'failed', coalesce(x.failed, 0),
    'last_pass', x.last_pass, 'last_fail', x.last_fail),
  'latency', json_build_object('p95', coalesce(x.p95, 0), 'p97', coalesce(x.p97, 0), 'p99', coalesce(x.p99, 0),
    'rolling1h', coalesce(x.rolling1h, 0)))`;

/** The check and canary columns of an entry, from `checks k JOIN canaries c`. */
export const CHECK_COLUMNS = `k.id, k.canary_id, c.name AS canary_name, c.namespace AS canary_namespace, k.agent_id, k.name,
  k.namespace, k.type, k.status, k.icon, k.description, k.endpoint, k.labels, k.severity, k.last_transition_time,
  k.last_runtime, k.next_runtime, k.created_at, k.deleted_at`;

/** Rewrites the cached entries of a canary's live checks ($1 = canary id). */
export const REFRESH_CANARY_SUMMARIES = `INSERT INTO check_summaries (check_id, json, stats_at)
  SELECT x.id, ${CHECK_JSON}::text, x.stats_at
  FROM (
    SELECT ${CHECK_COLUMNS}, s.passed, s.failed, s.last_pass, s.last_fail, s.p95, s.p97, s.p99, s.rolling1h,
      s.updated_at AS stats_at
    FROM checks k JOIN canaries c ON c.id = k.canary_id LEFT JOIN check_stats s ON s.check_id = k.id
    WHERE k.canary_id = $1 AND k.deleted_at IS NULL
  ) x
  ON CONFLICT (check_id) DO UPDATE SET json = excluded.json, stats_at = excluded.stats_at`;
