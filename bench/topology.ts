/**
 * The topology tree API (ARCHITECTURE §10, issue 7): GET /api/canary/api/topology over 5k
 * components on PostgreSQL (budget ≤ 300 ms p50 for the default call), with the tree's JSON built
 * straight from the Db (no HTTP) as the baseline.
 *
 * 10 clusters × 10 namespaces × 49 pods (5,110 components), 500 pods linked to checks with 5
 * results each, team links on the clusters: the shape the demo topology has, made large.
 * PostgreSQL: BENCH_DATABASE_URL, else a throw-away server (initdb/pg_ctl).
 */
import { request } from 'undici';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { startServer } from '../apps/server/src/server.js';
import { topologyTreeJson } from '../apps/server/src/topology/tree.js';
import { treeQuerySchema } from '../apps/server/src/topology/tree-query.js';
import { benchPostgres } from './lib/postgres.js';
import { measure, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const BUDGET_MS = 300;

/** `clusters` clusters of 10 namespaces of 49 pods: 10 make 5,110 components, 100 make 51,100. */
export async function generate(db: Db, clusters = 10): Promise<{ clusterId: string; components: number }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO topologies (name) VALUES ('bench') RETURNING id`,
  );
  const topologyId = rows[0]?.id;
  const props = (n: string) =>
    `jsonb_build_array(jsonb_build_object('name', 'cpu', 'value', ${n}, 'headline', true, 'unit', 'millicores'),
       jsonb_build_object('name', 'image', 'text', 'registry.local/app:' || ${n}))`;
  await db.query(
    `INSERT INTO components (topology_id, name, type, icon, status, path, labels, properties, summary)
     SELECT $1, 'cluster-' || g, 'Cluster', 'kubernetes', 'unhealthy', '',
       jsonb_build_object('env', 'prod', 'region', 'eu-' || g), ${props('g')},
       '{"healthy": 8, "unhealthy": 1, "warning": 1, "checks": {"healthy": 45, "unhealthy": 5}}'
     FROM generate_series(1, $2) g`,
    [topologyId, clusters],
  );
  await db.query(
    `INSERT INTO components (topology_id, parent_id, path, name, type, icon, status, labels, properties)
     SELECT $1, r.id, r.id::text, r.name || '-ns-' || g, 'Namespace', 'namespace',
       (ARRAY['healthy', 'warning', 'unhealthy'])[1 + g % 3], r.labels || jsonb_build_object('team', 'team-' || g),
       ${props('g')}
     FROM components r, generate_series(1, 10) g WHERE r.topology_id = $1 AND r.type = 'Cluster'`,
    [topologyId],
  );
  await db.query(
    `INSERT INTO components (topology_id, parent_id, path, name, type, icon, status, labels, properties, is_leaf,
       external_id, log_selectors)
     SELECT $1, n.id, n.path || '.' || n.id, n.name || '-pod-' || g, 'Pod', 'pod',
       (ARRAY['healthy', 'healthy', 'healthy', 'warning', 'unhealthy'])[1 + g % 5], n.labels || '{"app": "web"}',
       ${props('g')}, true, n.name || '/pod-' || g, '[{"name": "container"}]'
     FROM components n, generate_series(1, 49) g WHERE n.topology_id = $1 AND n.type = 'Namespace'`,
    [topologyId],
  );
  // The topology's own canary: other benchmarks' checks may share the database.
  const { rows: canary } = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace) VALUES ('bench-topology', 'default') RETURNING id`,
  );
  const canaryId = canary[0]?.id;
  await db.query(
    `INSERT INTO checks (canary_id, name, type, status)
     SELECT $1, 'topology-check-' || g, 'http', CASE WHEN g % 10 = 0 THEN 'unhealthy' ELSE 'healthy' END
     FROM generate_series(1, 500) g`,
    [canaryId],
  );
  await db.query(
    `INSERT INTO check_statuses (check_id, time, duration, status)
     SELECT k.id, now() - g * interval '1 minute', 20 + g, k.status = 'healthy'
     FROM checks k, generate_series(1, 5) g WHERE k.canary_id = $1`,
    [canaryId],
  );
  await db.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
     SELECT p.id, k.id, k.canary_id
     FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM components WHERE type = 'Pod' AND topology_id = $2) p
     JOIN (SELECT id, canary_id, row_number() OVER (ORDER BY name) AS n FROM checks WHERE canary_id = $1) k ON k.n = p.n`,
    [canaryId, topologyId],
  );
  await db.query(`INSERT INTO teams (name) VALUES ('Platform')`);
  await db.query(
    `INSERT INTO team_components (team_id, component_id)
     SELECT t.id, c.id FROM teams t, components c WHERE t.name = 'Platform' AND c.type = 'Cluster' AND c.topology_id = $1`,
    [topologyId],
  );
  await db.exec('ANALYZE');
  const { rows: cluster } = await db.query<{ id: string; n: number }>(
    `SELECT (SELECT id FROM components WHERE name = 'cluster-1') AS id, (SELECT count(*)::int FROM components) AS n`,
  );
  return { clusterId: cluster[0]?.id ?? '', components: cluster[0]?.n ?? 0 };
}

async function run(): Promise<BenchRow[]> {
  const pgServer = await benchPostgres();
  const db = await openPostgres(pgServer.url, { poolSize: 10, statementTimeoutMs: 60_000 });
  const config = loadConfig(
    { LOG_LEVEL: 'silent', PORT: '0', AUTH_MODE: 'none', DATA_DIR: '/tmp' },
    { webDir: '/nonexistent' },
  );
  const server = await startServer(config, { db, scheduler: false });
  try {
    const { clusterId, components } = await generate(db);
    console.error(`  generated ${components} components`);
    const base = `${server.url.replace('[::1]', '127.0.0.1')}/api/canary/api/topology`;
    const cases: { name: string; query: Record<string, string> }[] = [
      { name: `tree, ${components} components (default: roots, depth 3)`, query: {} },
      { name: 'one cluster (id=, its subtree)', query: { id: clusterId } },
      {
        name: 'flatten type=Pod, status=unhealthy, sort by cpu',
        query: { type: 'Pod', flatten: 'true', status: 'unhealthy', sortBy: 'cpu', depth: '0' },
      },
    ];
    const rows: BenchRow[] = [];
    for (const c of cases) {
      const qs = new URLSearchParams(c.query).toString();
      const viaHttp = await measure(
        async () => {
          const res = await request(`${base}${qs ? `?${qs}` : ''}`, {
            headers: { 'accept-encoding': 'identity' },
          });
          const body = await res.body.text();
          if (res.statusCode !== 200) throw new Error(`tree failed: ${res.statusCode} ${body.slice(0, 200)}`);
        },
        20,
        3,
      );
      const q = treeQuerySchema.parse(c.query);
      const direct = await measure(() => topologyTreeJson(db, q), 20, 3);
      rows.push({
        bench: 'topology',
        case: c.name,
        driver: 'postgresql',
        p50Ms: round(viaHttp.p50),
        p95Ms: round(viaHttp.p95),
        baselineP50Ms: round(direct.p50),
        baselineP95Ms: round(direct.p95),
        ratio: round(viaHttp.p50 / direct.p50),
        budget: `≤ ${BUDGET_MS} ms`,
        ok: viaHttp.p50 <= BUDGET_MS,
      });
    }
    // How loaded this machine is while measuring (about 60 ms on an idle 2-core machine).
    const calibration = await measure(
      () => db.query('SELECT count(*) FROM generate_series(1, 1000000)'),
      5,
      1,
    );
    rows.push({
      bench: 'topology',
      case: 'calibration: count(*) over generate_series(1, 1e6)',
      driver: 'postgresql',
      p50Ms: round(calibration.p50),
      p95Ms: round(calibration.p95),
      budget: 'info',
    });
    return rows;
  } finally {
    await server.stop();
    await db.close();
    await pgServer.stop();
  }
}

/** Listed in bench/run.ts; `BENCH=topology npm run bench` runs it alone. */
export const topologyBench: BenchModule = { name: 'topology', run };
export default topologyBench;
