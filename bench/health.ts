/**
 * Health benchmarks (ARCHITECTURE §10):
 *  - GET /api/canary/api/summary over 10k checks and 1M check_statuses on PostgreSQL
 *    (budget 150 ms at p50, as every latency budget here), with the same summary run
 *    directly as the baseline. The default 1h window reads check_summaries (the entry each
 *    run rewrites, with the trailing hour's stats): no status is read per request;
 *  - the same summary over 24 hours (budget 300 ms): the roll-up's per-check sums of its hourly
 *    buckets, the seconds of the window's first hour's statuses and the raw statuses neither
 *    covers, over 26 hours of statuses with the roll-up 5 minutes behind;
 *  - HTTP check throughput against a loopback target (budget ≥ 200 checks/s), runner only
 *    and with results recorded in the database, with raw undici requests as the baseline.
 * Requests carry a signed-in viewer's session, as the console sends them.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else a throw-away server (initdb/pg_ctl).
 */
import http from 'node:http';
import type net from 'node:net';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { Limiter } from '../apps/server/src/lib/limiter.js';
import { recordCheckResult } from '../apps/server/src/health/record.js';
import { rollUpCheckStatuses } from '../apps/server/src/health/rollup.js';
import { executeCheck } from '../apps/server/src/health/run-check.js';
import { sandboxPolicy } from '../apps/server/src/sandbox/policy.js';
import { checksSummaryJson } from '../apps/server/src/health/summary.js';
import { REFRESH_CANARY_SUMMARIES } from '../apps/server/src/health/summary-sql.js';
import { benchPostgres } from './lib/postgres.js';
import { startBenchServer } from './lib/server.js';
import { measure, round } from './lib/stats.js';
import type { BenchFigure, BenchModule, BenchRow } from './lib/types.js';

const CHECKS = 10_000;
const STATUSES_PER_CHECK = 100;
const SUMMARY_BUDGET_MS = 150;
const DAY_SUMMARY_BUDGET_MS = 300;
const DAY_MS = 86_400_000;
/** What the 1h summary reads: the entry and trailing-hour stats each run writes, not statuses. */
const READS_1H = 'reads check_summaries + check_stats, no statuses';

/** What each run's refreshCheckStats leaves behind, for every check at once. */
export const STATS_OF_THE_LAST_HOUR = `INSERT INTO check_stats (check_id, passed, failed, p95, p97, p99, rolling1h, last_pass, last_fail)
  SELECT check_id, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
    percentile_cont(0.95) WITHIN GROUP (ORDER BY duration), percentile_cont(0.97) WITHIN GROUP (ORDER BY duration),
    percentile_cont(0.99) WITHIN GROUP (ORDER BY duration), avg(duration),
    max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status)
  FROM check_statuses WHERE time > now() - interval '1 hour' GROUP BY check_id`;

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
     FROM checks k, generate_series(0, $1 - 1) g
     ORDER BY g DESC`, // oldest first, as runs append them: the time index relies on that order
    [STATUSES_PER_CHECK],
  );
  await db.query(STATS_OF_THE_LAST_HOUR);
  // What each run leaves in check_summaries.
  const canaries = await db.query<{ id: string }>('SELECT id FROM canaries');
  for (const c of canaries.rows) await db.query(REFRESH_CANARY_SUMMARIES, [c.id]);
  await rollUpCheckStatuses(db);
  await db.exec('ANALYZE');
}

/**
 * A day of history before generate()'s 100 minutes, with the roll-up as it stands just before
 * its next pass (it runs every 5 minutes): the last 5 minutes are not rolled up yet. One
 * status a minute in the hour a 24h window starts in (counted raw), one every 10 minutes in
 * between (read as hourly buckets, one a check and hour however many statuses they hold).
 */
export async function addDayOfHistory(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message)
     SELECT k.id, date_trunc('minute', now()) - g * interval '1 minute', (random() * 400)::int, random() > 0.05, 'ok'
     FROM checks k, generate_series($1, 26 * 60) g WHERE g BETWEEN 23 * 60 AND 24 * 60 + 5 OR g % 10 = 0
     ORDER BY g DESC
     ON CONFLICT DO NOTHING`, // generate()'s oldest minute, once a minute has passed since
    [STATUSES_PER_CHECK],
  );
  await db.transaction(async (tx) => {
    await tx.exec(`CREATE TEMP TABLE held ON COMMIT DROP AS
        SELECT * FROM check_statuses WHERE time > now() - interval '5 minutes';
      DELETE FROM check_statuses WHERE time > now() - interval '5 minutes';
      TRUNCATE check_statuses_1h, check_statuses_1h_seconds, check_statuses_1d`);
    await rollUpCheckStatuses(tx);
    await tx.exec('INSERT INTO check_statuses SELECT * FROM held');
  });
  await db.exec('ANALYZE check_statuses; ANALYZE check_statuses_1h');
}

async function summaryBench(db: Db): Promise<BenchRow[]> {
  const { server, base, viewer } = await startBenchServer(db);
  try {
    let t0 = performance.now();
    await generate(db);
    console.error(
      `  generated ${CHECKS} checks and ${CHECKS * STATUSES_PER_CHECK} statuses in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const url = `${base}/api/canary/api/summary`;
    const hour = await measure(() => checksSummaryJson(db, { windowMs: 3_600_000 }), 30, 3);
    // Time to the last byte. The client shares this process with the server, so the body is
    // not decoded into an 8 MB string here: that is the client's work, not the API's latency.
    const fetchSummary =
      (acceptEncoding: string, query = '') =>
      async () => {
        const res = await request(`${url}${query}`, {
          headers: { 'accept-encoding': acceptEncoding, ...viewer.headers },
        });
        const body = Buffer.from(await res.body.arrayBuffer());
        const head = acceptEncoding === 'identity' ? body.subarray(0, 64).toString() : '"checks_summary":[';
        if (res.statusCode !== 200 || !head.includes('"checks_summary":['))
          throw new Error(`summary failed: ${res.statusCode} ${body.subarray(0, 200).toString()}`);
      };
    const plain = await measure(fetchSummary('identity'), 30, 3);
    const compressed = await measure(fetchSummary('gzip, deflate, br, zstd'), 30, 3);

    t0 = performance.now();
    await addDayOfHistory(db);
    const { rows: counted } = await db.query<{ statuses: string; buckets: string }>(
      'SELECT (SELECT count(*) FROM check_statuses) AS statuses, (SELECT count(*) FROM check_statuses_1h) AS buckets',
    );
    console.error(
      `  added a day of history (${counted[0]?.statuses} statuses, ${counted[0]?.buckets} hourly buckets) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const dayDirect = await measure(() => checksSummaryJson(db, { windowMs: DAY_MS }), 10, 2);
    const day = await measure(fetchSummary('identity', '?window=24h'), 10, 2);
    // How loaded this machine is: about 60 ms on an idle 2-core machine.
    const calibration = await measure(
      () => db.query('SELECT count(*) FROM generate_series(1, 1000000)'),
      5,
      1,
    );
    const row = (
      name: string,
      t: { p50: number; p95: number },
      baseline?: { p50: number; p95: number },
      budgetMs?: number,
    ): BenchRow => ({
      bench: 'health',
      case: name,
      driver: 'postgresql',
      p50Ms: round(t.p50),
      p95Ms: round(t.p95),
      ...(baseline
        ? {
            baselineP50Ms: round(baseline.p50),
            baselineP95Ms: round(baseline.p95),
            ratio: round(t.p50 / baseline.p50),
          }
        : {}),
      ...(budgetMs ? { budget: `≤ ${budgetMs} ms`, ok: t.p50 <= budgetMs } : {}),
    });
    const size = `${CHECKS / 1000}k checks / ${(CHECKS * STATUSES_PER_CHECK) / 1e6}M statuses`;
    return [
      row(`summary 1h, ${size} (${READS_1H})`, plain, hour, SUMMARY_BUDGET_MS),
      row(`summary 1h compressed as Chromium asks (${READS_1H})`, compressed, hour, SUMMARY_BUDGET_MS),
      row(
        `summary window=24h, ${CHECKS / 1000}k checks / 26 h of statuses (reads the roll-up's per-check sums + first hour's seconds + raw not rolled up)`,
        day,
        dayDirect,
        DAY_SUMMARY_BUDGET_MS,
      ),
      row('calibration: count(*) over generate_series(1, 1e6)', calibration),
    ];
  } finally {
    await server.stop();
  }
}

async function throughputBench(db: Db): Promise<BenchFigure[]> {
  const target = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/`;
  const N = 2000;
  const limiter = new Limiter(16);
  const opts = { defaultTimeoutMs: 10_000, sandbox: sandboxPolicy(loadConfig({})), templateVars: {} };
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

  try {
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
        value: Math.round(runnerOnly),
        unit: 'checks/s',
        budget: '≥ 200',
        ok: runnerOnly >= 200,
        baseline: Math.round(baseline),
      },
      {
        figure: 'HTTP checks, results recorded in PostgreSQL',
        value: Math.round(recorded),
        unit: 'checks/s',
        budget: '≥ 200',
        ok: recorded >= 200,
        baseline: Math.round(baseline),
      },
    ];
  } finally {
    target.close();
  }
}

export const healthBench: BenchModule = {
  name: 'health',
  async run() {
    const pgServer = await benchPostgres();
    const db = await openPostgres(pgServer.url, { poolSize: 16, statementTimeoutMs: 60_000 });
    try {
      // The summary first: the throughput run adds its own canary and statuses.
      return [...(await summaryBench(db)), ...(await throughputBench(db))];
    } finally {
      await db.close();
      await pgServer.stop();
    }
  },
};
export default healthBench;
