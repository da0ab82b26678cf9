/**
 * Health benchmarks (ARCHITECTURE §10):
 *  - GET /api/canary/api/summary over 10k checks and 1M check_statuses on PostgreSQL
 *    (budget 150 ms), with the same summary SQL run directly as the baseline;
 *  - HTTP check throughput against a loopback target (budget ≥ 200 checks/s), runner only
 *    and with results recorded in the database, with raw undici requests as the baseline.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server where databases may be created), else a
 * throw-away server started with initdb/pg_ctl as the tests do.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import { request } from 'undici';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { Limiter } from '../apps/server/src/health/limiter.js';
import { recordCheckResult } from '../apps/server/src/health/record.js';
import { rollUpCheckStatuses } from '../apps/server/src/health/rollup.js';
import { executeCheck } from '../apps/server/src/health/run-check.js';
import { checksSummaryJson } from '../apps/server/src/health/summary.js';
import { REFRESH_CANARY_SUMMARIES } from '../apps/server/src/health/summary-sql.js';
import { startServer } from '../apps/server/src/server.js';
import startPostgres from '../apps/server/test/global-setup.js';

/** Same shape as bench/lib/types.ts BenchFigure. */
export type BenchFigure = {
  figure: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
  baseline?: number;
};

const CHECKS = 10_000;
const STATUSES_PER_CHECK = 100;

async function postgresAdminUrl(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  let url = '';
  const project = { provide: (_key: string, value: string) => (url = value) };
  const stop = await startPostgres(project as unknown as Parameters<typeof startPostgres>[0]);
  return { url, stop };
}

async function createDatabase(admin: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `opsdeck_bench_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  return {
    url: admin.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/** 100 canaries × 100 checks, 100 statuses each (one a minute), stats and roll-ups as the jobs leave them. */
export async function generate(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO canaries (name, namespace, labels, spec, schedule)
     SELECT 'canary-' || g, 'ns-' || (g % 7), jsonb_build_object('team', 'team-' || (g % 5)), '{}', '@every 1m'
     FROM generate_series(1, $1) g`,
    [CHECKS / 100],
  );
  await db.query(
    `INSERT INTO checks (canary_id, name, namespace, type, endpoint, labels, status, last_runtime, last_transition_time)
     SELECT c.id, 'check-' || g, c.namespace, (ARRAY['http','tcp','dns','exec'])[1 + g % 4], 'http://svc-' || g || '.local/',
       c.labels || jsonb_build_object('tier', 'tier-' || (g % 3)), CASE WHEN g % 13 = 0 THEN 'unhealthy' ELSE 'healthy' END,
       now(), now() - interval '1 hour'
     FROM canaries c, generate_series(1, 100) g`,
  );
  await db.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message)
     SELECT k.id, date_trunc('minute', now()) - g * interval '1 minute', (random() * 400)::int, random() > 0.05, 'ok'
     FROM checks k, generate_series(0, $1 - 1) g`,
    [STATUSES_PER_CHECK],
  );
  // What each run's refreshCheckStats leaves behind, for all checks at once.
  await db.query(
    `INSERT INTO check_stats (check_id, passed, failed, p95, p97, p99, rolling1h, last_pass, last_fail)
     SELECT check_id, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
       percentile_cont(0.95) WITHIN GROUP (ORDER BY duration), percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
       percentile_cont(0.99) WITHIN GROUP (ORDER BY duration), avg(duration),
       max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status)
     FROM check_statuses WHERE time > now() - interval '1 hour' GROUP BY check_id`,
  );
  // What each run leaves in check_summaries.
  const canaries = await db.query<{ id: string }>('SELECT id FROM canaries');
  for (const c of canaries.rows) await db.query(REFRESH_CANARY_SUMMARIES, [c.id]);
  await rollUpCheckStatuses(db);
  await db.exec('ANALYZE');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

async function timeIt(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function summaryBench(admin: string): Promise<BenchFigure[]> {
  const database = await createDatabase(admin);
  const db = await openPostgres(database.url, { poolSize: 10, statementTimeoutMs: 60_000 });
  const config = loadConfig(
    { LOG_LEVEL: 'silent', PORT: '0', AUTH_MODE: 'none', DATA_DIR: '/tmp' },
    { webDir: '/nonexistent' },
  );
  const server = await startServer(config, { db, scheduler: false });
  try {
    const t0 = performance.now();
    await generate(db);
    console.log(
      `  generated ${CHECKS} checks and ${CHECKS * STATUSES_PER_CHECK} statuses in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const url = `${server.url.replace('[::1]', '127.0.0.1')}/api/canary/api/summary`;
    const direct = await timeIt(20, () => checksSummaryJson(db, { windowMs: 3_600_000 }));
    const viaHttp = await timeIt(20, async () => {
      const res = await request(url, { headers: { 'accept-encoding': 'identity' } });
      const body = await res.body.text();
      if (res.statusCode !== 200 || !body.includes('checks_summary'))
        throw new Error(`summary failed: ${res.statusCode}`);
    });
    const gzip = await timeIt(10, async () => {
      const res = await request(url, { headers: { 'accept-encoding': 'gzip' } });
      await res.body.arrayBuffer();
    });
    const day = await timeIt(5, () => request(`${url}?window=24h`).then((r) => r.body.arrayBuffer()));
    // How loaded this machine is: about 60 ms on an idle 2-core machine.
    const calibration = await timeIt(5, () => db.query('SELECT count(*) FROM generate_series(1, 1000000)'));
    const p50 = percentile(viaHttp, 0.5);
    return [
      {
        figure: 'summary, 10k checks / 1M statuses, PostgreSQL, p50',
        value: p50,
        unit: 'ms',
        budget: '≤ 150 ms',
        ok: p50 <= 150,
        baseline: percentile(direct, 0.5),
      },
      {
        figure: 'summary p95',
        value: percentile(viaHttp, 0.95),
        unit: 'ms',
        budget: '≤ 150 ms',
        ok: percentile(viaHttp, 0.95) <= 150,
      },
      {
        figure: 'summary p50 with gzip (as browsers ask)',
        value: percentile(gzip, 0.5),
        unit: 'ms',
        budget: 'info',
        ok: true,
      },
      {
        figure: 'summary window=24h (raw statuses) p50',
        value: percentile(day, 0.5),
        unit: 'ms',
        budget: 'info',
        ok: true,
      },
      {
        figure: 'calibration: count(*) over generate_series(1, 1e6)',
        value: percentile(calibration, 0.5),
        unit: 'ms',
        budget: 'info',
        ok: true,
      },
    ];
  } finally {
    await server.stop();
    await db.close();
    await database.drop();
  }
}

async function throughputBench(admin: string): Promise<BenchFigure[]> {
  const target = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/`;
  const N = 2000;
  const limiter = new Limiter(16);
  const opts = { defaultTimeoutMs: 10_000, disableExecChecks: false, templateVars: {} };
  const rate = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await Promise.all(Array.from({ length: N }, () => limiter.run(fn)));
    return N / ((performance.now() - t) / 1000);
  };
  const baseline = await rate(() => request(url).then((r) => r.body.text()));
  const runnerOnly = await rate(async () => {
    const r = await executeCheck('http', { url, responseCodes: [200] }, opts);
    if (!r.pass) throw new Error(r.error ?? 'check failed');
  });

  const database = await createDatabase(admin);
  const db = await openPostgres(database.url, { poolSize: 16, statementTimeoutMs: 60_000 });
  try {
    const { migrate } = await import('../apps/server/src/db/migrate.js');
    await migrate(db);
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO canaries (name) VALUES ('bench') RETURNING id",
    );
    const checks = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, name, type) SELECT $1, 'c' || g, 'http' FROM generate_series(1, 200) g RETURNING id`,
      [rows[0]!.id],
    );
    let i = 0;
    const recorded = await rate(async () => {
      const id = checks.rows[i++ % checks.rows.length]!.id;
      const r = await executeCheck('http', { url, responseCodes: [200] }, opts);
      await recordCheckResult(db, id, r, null);
    });
    return [
      {
        figure: 'HTTP checks against loopback, runner only (16 at once)',
        value: runnerOnly,
        unit: 'checks/s',
        budget: '≥ 200',
        ok: runnerOnly >= 200,
        baseline,
      },
      {
        figure: 'HTTP checks, results recorded in PostgreSQL',
        value: recorded,
        unit: 'checks/s',
        budget: '≥ 200',
        ok: recorded >= 200,
        baseline,
      },
    ];
  } finally {
    await db.close();
    await database.drop();
    target.close();
  }
}

export const name = 'health';

export async function run(): Promise<BenchFigure[]> {
  const pgServer = await postgresAdminUrl();
  try {
    const figures = [...(await summaryBench(pgServer.url)), ...(await throughputBench(pgServer.url))];
    for (const f of figures) {
      const ratio = f.baseline
        ? `  (baseline ${f.baseline.toFixed(1)}, ratio ${(f.value / f.baseline).toFixed(2)})`
        : '';
      console.log(
        `  ${f.ok ? 'ok  ' : 'FAIL'} ${f.figure}: ${f.value.toFixed(1)} ${f.unit} [budget ${f.budget}]${ratio}`,
      );
    }
    return figures;
  } finally {
    pgServer.stop();
  }
}

/** For bench/run.ts: `{ name, run }` (structurally a BenchModule). */
export const healthBench = { name, run };
export default healthBench;

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (figures) => process.exit(figures.every((f) => f.ok) ? 0 : 1),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
