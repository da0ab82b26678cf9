/**
 * SQL fragments shared by the summary query and the writers that keep check_summaries
 * current, so a cached entry and a freshly built one are the same JSON.
 */

const UPTIME_JSON = `(SELECT row_to_json(u) FROM (SELECT coalesce(x.passed, 0) AS passed, coalesce(x.failed, 0) AS failed,
    x.last_pass, x.last_fail) u)`;

const LATENCY_JSON = `(SELECT row_to_json(l) FROM (SELECT coalesce(x.p95, 0) AS p95, coalesce(x.p97, 0) AS p97,
    coalesce(x.p99, 0) AS p99, coalesce(x.rolling1h, 0) AS rolling1h) l)`;

/**
 * One summary entry, from a row `x` carrying CHECK_COLUMNS and the stats columns. row_to_json
 * writes compact JSON; json_build_object pads every key with spaces (12% of 10k entries).
 * The function `record_check_result` (migration 214) writes this out in SQL: a change here
 * needs a migration that replaces it (test/health/api.test.ts compares the two entries).
 */
export const CHECK_JSON = `(SELECT row_to_json(e) FROM (SELECT x.id, x.canary_id, x.canary_name, x.canary_namespace,
  x.agent_id, x.name, x.namespace, x.type, x.status, x.icon, x.description, x.endpoint, x.labels, x.severity,
  x.last_transition_time, x.last_runtime, x.next_runtime, x.created_at, x.deleted_at,
  ${UPTIME_JSON} AS uptime, ${LATENCY_JSON} AS latency) e)`;

/**
 * The end of an entry from its uptime on, from the same row `x`: with the start of a cached
 * entry (up to its last `,"uptime":`) it makes the entry CHECK_JSON would build.
 */
export const STATS_JSON = `',"uptime":' || ${UPTIME_JSON}::text || ',"latency":' || ${LATENCY_JSON}::text || '}'`;

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
