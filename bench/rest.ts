/**
 * The data API against the same SQL run directly (ARCHITECTURE §10): 100k catalog-like
 * rows, five list queries as the list screens send them (a page with `count=exact`), p50/p95
 * through HTTP next to the statement the API generates run straight on the Db. Budget: p50
 * ratio ≤ 1.5 on PostgreSQL. The same five without a count are printed as lookups. Requests
 * carry a viewer's session, so sign-in and authorization are measured; the direct SQL has neither.
 */
import { Agent, request } from 'undici';
import { openPglite } from '../apps/server/src/db/pglite.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { parseRequest } from '../apps/server/src/rest/parse/request.js';
import { planRead } from '../apps/server/src/rest/plan/read.js';
import { reloadSchemaCache } from '../apps/server/src/rest/schema/cache.js';
import { readStatement } from '../apps/server/src/rest/sql/read.js';
import { benchPostgres } from './lib/postgres.js';
import { startBenchServer } from './lib/server.js';
import { measureAgainst, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const ROWS = 100_000;

/**
 * 100k rows in the catalog's own table, `config_items`: the data API exposes only the tables
 * the permission matrix lists, so the rows live where production keeps them.
 */
const SEED_SQL = `
INSERT INTO agents (id, name)
SELECT ('00000000-0000-0000-0000-' || lpad(i::text, 12, '0'))::uuid, 'bench-agent-' || i FROM generate_series(1, 20) i;
INSERT INTO config_items (name, type, config_class, status, health, labels, tags, agent_id, cost_total_30d, created_at, updated_at)
SELECT 'item-' || i,
  (ARRAY['Kubernetes::Pod', 'Kubernetes::Deployment', 'AWS::EC2::Instance', 'AWS::RDS::DBInstance', 'Azure::VM'])[1 + i % 5],
  (ARRAY['Pod', 'Deployment', 'VirtualMachine', 'Database', 'VirtualMachine'])[1 + i % 5],
  (ARRAY['Running', 'Pending', 'Stopped', 'Failed'])[1 + (i / 7) % 4],
  (ARRAY['healthy', 'unhealthy', 'warning', 'unknown'])[1 + (i / 3) % 4],
  jsonb_build_object('env', (ARRAY['prod', 'staging', 'dev'])[1 + i % 3], 'team', 'team-' || (i % 17), 'region', 'eu-' || (i % 4)),
  jsonb_build_object('cluster', 'c' || (i % 9)),
  ('00000000-0000-0000-0000-' || lpad((1 + i % 20)::text, 12, '0'))::uuid,
  round((i % 1000) * 1.37, 2),
  now() - (i || ' minutes')::interval,
  now() - (i || ' minutes')::interval
FROM generate_series(1, ${ROWS}) i;
ANALYZE config_items;
ANALYZE agents;
`;

/**
 * `list`: a query as the console's list screens send it (a page plus `count=exact` for the
 * pager); the budget applies to these. `lookup`: the same shapes without a count, printed to
 * show the fixed cost of HTTP and the pipeline (about 1 ms) next to sub-millisecond SQL.
 */
type Case = { name: string; query: string; kind: 'list' | 'lookup' };

const SHAPES: { name: string; query: string }[] = [
  {
    name: 'filters',
    query:
      'select=id,name,type,status,health&type=eq.Kubernetes::Pod&status=eq.Running&health=in.(healthy,warning)&limit=50',
  },
  {
    name: 'order',
    query: 'select=id,name,type,cost_total_30d&deleted_at=is.null&order=updated_at.desc&limit=100',
  },
  {
    name: 'embed agents',
    query: 'select=id,name,agent:agent_id(id,name)&type=eq.AWS::EC2::Instance&order=updated_at.desc&limit=50',
  },
  {
    name: 'filters + order',
    query: 'select=id,name,type,status&status=eq.Running&health=eq.healthy&order=updated_at.desc&limit=25',
  },
  {
    name: 'JSON path filter',
    query: 'select=id,name,labels&labels->>env=eq.prod&labels->>team=eq.team-3&limit=50',
  },
];

const CASES: Case[] = [
  ...SHAPES.map((s) => ({ ...s, kind: 'list' as const })),
  ...SHAPES.map((s) => ({ ...s, kind: 'lookup' as const })),
];

const headersOf = (c: Case): Record<string, string> => (c.kind === 'list' ? { prefer: 'count=exact' } : {});

async function benchDriver(driver: 'pglite' | 'postgresql', db: Db, iterations: number): Promise<BenchRow[]> {
  // Production's path: built-in sign-in, the real data access, a viewer's session cookie.
  const { server, config, base, viewer } = await startBenchServer(db);
  const agent = new Agent({ connections: 4 });
  try {
    console.error(`  ${driver}: seeding ${ROWS} rows…`);
    await db.exec(SEED_SQL);
    const cache = await reloadSchemaCache(db);
    const rel = cache.relations.get('config_items');
    if (!rel) throw new Error('config_items missing from the schema cache');
    const rows: BenchRow[] = [];
    for (const c of CASES) {
      // The baseline is the very statement the API generates, run directly on the Db.
      const req = parseRequest(c.query, headersOf(c));
      const plan = planRead(cache, req, rel, { maxRows: config.db.maxRows });
      const stmt = readStatement(plan.root, { exactCount: req.prefer.count === 'exact', stripNulls: false });
      const url = `${base}/api/db/config_items?${c.query}`;
      const headers = { ...headersOf(c), ...viewer.headers };
      const viaHttp = async () => {
        const res = await request(url, { dispatcher: agent, headers });
        const text = await res.body.text();
        if (res.statusCode >= 300) throw new Error(`${c.name}: HTTP ${res.statusCode} ${text.slice(0, 300)}`);
      };
      const direct = () => db.query(stmt.sql, stmt.params);
      const t = await measureAgainst(viaHttp, direct, iterations, 5);
      const ratio = t.p50 / t.base50;
      rows.push({
        bench: 'rest',
        case: `${c.kind}: ${c.name}${c.kind === 'list' ? ' + exact count' : ''}`,
        driver,
        p50Ms: round(t.p50),
        p95Ms: round(t.p95),
        baselineP50Ms: round(t.base50),
        baselineP95Ms: round(t.base95),
        ratio: round(ratio),
        budget: driver === 'postgresql' && c.kind === 'list' ? 'p50 ≤ 1.5x direct SQL' : undefined,
        ok: driver === 'postgresql' && c.kind === 'list' ? ratio <= 1.5 : undefined,
      });
    }
    return rows;
  } finally {
    await agent.close();
    await server.stop();
  }
}

export const restBench: BenchModule = {
  name: 'rest',
  async run() {
    const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
    const rows: BenchRow[] = [];
    const lite = await openPglite(null);
    try {
      rows.push(...(await benchDriver('pglite', lite, Math.max(10, Math.floor(iterations / 2)))));
    } finally {
      await lite.close();
    }
    const server = await benchPostgres();
    try {
      const db = await openPostgres(server.url, { poolSize: 10, statementTimeoutMs: 15000 });
      try {
        rows.push(...(await benchDriver('postgresql', db, iterations)));
      } finally {
        await db.close();
      }
    } finally {
      await server.stop();
    }
    return rows;
  },
};
