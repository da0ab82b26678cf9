/**
 * Playbooks benchmark (issue 21), on PostgreSQL:
 *  - the run engine: BENCH_PLAYBOOK_RUNS (default 1,000) runs of a 3-action playbook (an exec,
 *    then two http requests to a loopback server, the second templated from the first's result)
 *    queued at once, finished by one process (runDuePlaybooks, the code the PlaybookRunEngine job
 *    runs, PLAYBOOK_RUN_CONCURRENCY in flight) — ≥ 50 runs/s, with every run completed, exactly
 *    3 completed attempt rows each and exactly two HTTP requests each. (Each exec forks a
 *    process from the server's main thread, several ms each: that is what bounds the rate.)
 *  - the runs list: the first page of `/api/db/playbook_runs` (top-level runs, newest 50, with
 *    the playbook embed the web uses) over BENCH_PLAYBOOK_HISTORY (default 100k) runs, as a
 *    viewer — p95 ≤ 200 ms.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { allowListAccess } from '../apps/server/src/access.js';
import type { ServerContext } from '../apps/server/src/context.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { createMetrics } from '../apps/server/src/platform/metrics.js';
import { runDuePlaybooks } from '../apps/server/src/playbooks/engine/index.js';
import { inProcessConfig } from '../apps/server/test/in-process-config.js';
import { benchPostgres } from './lib/postgres.js';
import { startBenchServer } from './lib/server.js';
import { measure, round } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const RUNS_PER_SECOND_BUDGET = 50;
const LIST_BUDGET_MS = 200;

async function startTarget(): Promise<{
  url: string;
  hits: () => number;
  templated: () => number;
  close(): Promise<void>;
}> {
  let hits = 0;
  let templated = 0;
  const server = http.createServer((req, res) => {
    hits++;
    if (req.url?.endsWith('?code=200')) templated++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ping`,
    hits: () => hits,
    templated: () => templated,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function engineFigure(db: Db, url: string, runs: number): Promise<BenchFigure> {
  const target = await startTarget();
  const config = inProcessConfig({ DATABASE_URL: url });
  const ctx: ServerContext = {
    config,
    db,
    log: pino({ level: 'silent' }),
    metrics: createMetrics(db),
    dataAccess: allowListAccess,
    publicBaseUrl: () => 'http://127.0.0.1',
  };
  try {
    const spec = {
      actions: [
        { name: 'hello', exec: { script: 'echo "hello {{.params.n}}"' } },
        { name: 'ping', http: { url: target.url } },
        {
          name: 'report',
          http: {
            url: `${target.url}?code={{ (getAction "ping").result.code }}`,
            method: 'POST',
            body: '{{.params.n}}',
          },
        },
      ],
    };
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, title, spec) VALUES ('bench-engine', 'Bench engine', $1::jsonb) RETURNING id`,
      [JSON.stringify(spec)],
    );
    await db.query(
      `INSERT INTO playbook_runs (playbook_id, spec, status, parameters)
       SELECT $1, $2::jsonb, 'scheduled', jsonb_build_object('n', g::text) FROM generate_series(1, $3) g`,
      [rows[0]!.id, JSON.stringify(spec), runs],
    );
    const t0 = performance.now();
    const result = await runDuePlaybooks(ctx);
    const seconds = (performance.now() - t0) / 1000;
    const check = await db.query<{
      completed: number;
      other: number;
      attempts: number;
      odd: number;
      wrong: number;
    }>(
      `SELECT
         (SELECT count(*)::int FROM playbook_runs WHERE playbook_id = $1 AND status = 'completed') AS completed,
         (SELECT count(*)::int FROM playbook_runs WHERE playbook_id = $1 AND status <> 'completed') AS other,
         (SELECT count(*)::int FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
            WHERE r.playbook_id = $1) AS attempts,
         (SELECT count(*)::int FROM (SELECT a.playbook_run_id FROM playbook_run_actions a
            JOIN playbook_runs r ON r.id = a.playbook_run_id WHERE r.playbook_id = $1
            GROUP BY a.playbook_run_id HAVING count(*) <> 3 OR bool_or(a.status <> 'completed')) x) AS odd,
         (SELECT count(*)::int FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
            WHERE r.playbook_id = $1 AND a.name = 'hello'
              AND a.result->>'stdout' IS DISTINCT FROM 'hello ' || (r.parameters->>'n') || E'\\n') AS wrong`,
      [rows[0]!.id],
    );
    const c = check.rows[0]!;
    const perSecond = runs / seconds;
    const sound =
      c.completed === runs && c.other === 0 && c.attempts === 3 * runs && c.odd === 0 && c.wrong === 0;
    const soundHttp = target.hits() === 2 * runs && target.templated() === runs;
    console.error(
      `  playbook engine: ${runs} runs in ${seconds.toFixed(1)} s = ${perSecond.toFixed(1)} runs/s ` +
        `(concurrency ${config.playbooks.runConcurrency}); completed ${c.completed}, other ${c.other}, ` +
        `attempt rows ${c.attempts}, runs without exactly 3 completed attempts ${c.odd}, ` +
        `bad templated results ${c.wrong}, http requests ${target.hits()}, engine errors ${result.errors}`,
    );
    return {
      figure: `playbook runs of 3 actions (exec, then two http to loopback, the second templated from the first), ${runs} queued at once, one process; none lost or doubled: ${sound && soundHttp ? 'yes' : 'NO'}`,
      value: round(perSecond),
      unit: 'runs/s',
      budget: `≥ ${RUNS_PER_SECOND_BUDGET} runs/s, none lost or doubled`,
      ok: perSecond >= RUNS_PER_SECOND_BUDGET && sound && soundHttp,
    };
  } finally {
    await target.close();
  }
}

/** `count` finished runs of 50 playbooks over 90 days, each with three attempts. */
async function seedRuns(db: Db, count: number): Promise<void> {
  await db.query(
    `INSERT INTO playbooks (name, title, icon, spec)
     SELECT 'history-' || g, 'History ' || g, 'bash', '{"actions":[{"name":"a","exec":{"script":"true"}}]}'::jsonb
     FROM generate_series(1, 50) g`,
  );
  await db.query(
    `INSERT INTO playbook_runs (playbook_id, spec, status, created_at, start_time, end_time, scheduled_time, parameters)
     SELECT p.id, p.spec, (ARRAY['completed','completed','failed','cancelled'])[1 + g % 4],
       now() - g * interval '77 seconds', now() - g * interval '77 seconds', now() - g * interval '77 seconds' + interval '3 seconds',
       now() - g * interval '77 seconds', jsonb_build_object('n', g::text)
     FROM generate_series(1, $1) g
     JOIN (SELECT id, spec, row_number() OVER (ORDER BY name) - 1 AS n FROM playbooks WHERE name LIKE 'history-%') p ON p.n = g % 50`,
    [count],
  );
  await db.query(
    `INSERT INTO playbook_run_actions (name, status, playbook_run_id, start_time, end_time, result)
     SELECT 'a' || s, 'completed', r.id, r.start_time, r.end_time, '{"stdout":"ok\\n","exitCode":0}'::jsonb
     FROM playbook_runs r, generate_series(1, 3) s WHERE r.end_time IS NOT NULL`,
  );
  await db.query('DELETE FROM event_queue');
  await db.query('VACUUM ANALYZE');
}

async function listFigure(db: Db, count: number): Promise<BenchFigure> {
  await seedRuns(db, count);
  const bench = await startBenchServer(db);
  try {
    const path =
      '/api/db/playbook_runs?select=*,playbooks(id,name,title,icon)&parent_id=is.null&order=created_at.desc&limit=50';
    const get = async () => {
      const res = await fetch(`${bench.base}${path}`, { headers: bench.viewer.headers });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      const rows = (await res.json()) as unknown[];
      if (rows.length !== 50) throw new Error(`${path} gave ${rows.length} rows`);
    };
    const page = await measure(get, 30, 3);
    console.error(
      `  playbook runs list, ${count} runs: first page p50 ${page.p50.toFixed(1)} ms, p95 ${page.p95.toFixed(1)} ms`,
    );
    return {
      figure: `runs list first page (top-level runs, newest 50, with playbooks(id,name,title,icon)) over ${count} runs, viewer, p95`,
      value: round(page.p95),
      unit: 'ms',
      budget: `≤ ${LIST_BUDGET_MS} ms`,
      ok: page.p95 <= LIST_BUDGET_MS,
    };
  } finally {
    await bench.server.stop();
  }
}

export const playbooksBench: BenchModule<BenchFigure> = {
  name: 'playbooks',
  async run() {
    const runs = Math.max(10, Number(process.env.BENCH_PLAYBOOK_RUNS ?? 1000));
    const history = Math.max(1000, Number(process.env.BENCH_PLAYBOOK_HISTORY ?? 100_000));
    const pg = await benchPostgres();
    const db = await openPostgres(pg.url, { poolSize: 24, statementTimeoutMs: 600_000 });
    try {
      await migrate(db);
      const engine = await engineFigure(db, pg.url, runs);
      const list = await listFigure(db, history);
      return [engine, list];
    } finally {
      await db.close();
      await pg.stop();
    }
  },
};
