import type { Queryable } from '../db/types.js';

export type SummaryQuery = { checkId?: string; labels?: Record<string, string>; windowMs: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const CHECK_FIELDS = `'id', k.id, 'canary_id', k.canary_id, 'canary_name', c.name, 'canary_namespace', c.namespace,
  'agent_id', k.agent_id, 'name', k.name, 'namespace', k.namespace, 'type', k.type, 'status', k.status,
  'icon', k.icon, 'description', k.description, 'endpoint', k.endpoint, 'labels', k.labels, 'severity', k.severity,
  'last_transition_time', k.last_transition_time, 'last_runtime', k.last_runtime, 'next_runtime', k.next_runtime,
  'created_at', k.created_at, 'deleted_at', k.deleted_at`;

const FILTERS = `k.deleted_at IS NULL AND c.deleted_at IS NULL
  AND ($1::uuid IS NULL OR k.id = $1::uuid) AND ($2::jsonb IS NULL OR k.labels @> $2::jsonb)`;

/**
 * The dashboard summary as one JSON array, built by the database. The default 1h window
 * reads check_stats (kept current by each run); other windows aggregate raw statuses
 * (up to a day) or the hourly roll-ups (longer). rolling1h is always the trailing hour's
 * mean latency.
 */
export async function checksSummaryJson(db: Queryable, q: SummaryQuery): Promise<string> {
  const params = [q.checkId ?? null, q.labels ? JSON.stringify(q.labels) : null];
  let sql: string;
  if (q.windowMs === HOUR_MS) {
    sql = `SELECT coalesce(json_agg(json_build_object(${CHECK_FIELDS},
        'uptime', json_build_object('passed', coalesce(s.passed, 0), 'failed', coalesce(s.failed, 0),
          'last_pass', s.last_pass, 'last_fail', s.last_fail),
        'latency', json_build_object('p95', coalesce(s.p95, 0), 'p97', coalesce(s.p97, 0), 'p99', coalesce(s.p99, 0),
          'rolling1h', coalesce(s.rolling1h, 0))
      ) ORDER BY c.name, k.name), '[]')::text AS json
      FROM checks k JOIN canaries c ON c.id = k.canary_id
      LEFT JOIN check_stats s ON s.check_id = k.id AND s.updated_at > now() - interval '1 hour'
      WHERE ${FILTERS}`;
  } else {
    const source =
      q.windowMs <= DAY_MS
        ? `SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
             percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
             percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99
           FROM check_statuses WHERE time > now() - $3 * interval '1 millisecond' GROUP BY check_id`
        : `SELECT check_id, sum(passed) AS passed, sum(failed) AS failed,
             sum(p95 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p95,
             sum(p97 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p97,
             sum(p99 * (passed + failed)) / nullif(sum(passed + failed), 0) AS p99
           FROM check_statuses_1h WHERE time > now() - $3 * interval '1 millisecond' GROUP BY check_id`;
    params.push(String(q.windowMs));
    sql = `WITH w AS (${source})
      SELECT coalesce(json_agg(json_build_object(${CHECK_FIELDS},
        'uptime', json_build_object('passed', coalesce(w.passed, 0), 'failed', coalesce(w.failed, 0),
          'last_pass', s.last_pass, 'last_fail', s.last_fail),
        'latency', json_build_object('p95', coalesce(w.p95, 0), 'p97', coalesce(w.p97, 0), 'p99', coalesce(w.p99, 0),
          'rolling1h', coalesce(s.rolling1h, 0))
      ) ORDER BY c.name, k.name), '[]')::text AS json
      FROM checks k JOIN canaries c ON c.id = k.canary_id
      LEFT JOIN w ON w.check_id = k.id
      LEFT JOIN check_stats s ON s.check_id = k.id
      WHERE ${FILTERS}`;
  }
  const { rows } = await db.query<{ json: string }>(sql, params);
  return rows[0]?.json ?? '[]';
}
