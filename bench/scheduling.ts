/**
 * Check scheduling lag (issue 22): 1,000 checks of six types (http, tcp, dns, exec, postgres,
 * redis) in 100 canaries of 10, run by the canary loop production runs (runCanaryLoop, the
 * body of the CanaryScheduler job) at their schedules: a quarter each `@every 30s`, `@every 1m`,
 * `@every 2m` and the cron `* * * * *` (all due together on the minute). The `@every` canaries
 * start spread over their interval, as canaries created over time are.
 *
 * Lag = a check's start (its status time, taken when it gets a concurrency slot) − the time
 * its canary's run was due (the canary's next_runtime when it was claimed, recorded by a
 * benchmark-only trigger). p95 over the runs due in the steady state after a warm-up; budget
 * ≤ 1 s. Peers on loopback, in this process or started here: an HTTP server, a TCP
 * listener, `localhost` through /etc/hosts, `echo` through the script sandbox, the
 * benchmark's PostgreSQL, a redis-server.
 *
 * BENCH_SCHED_SECONDS sets the measured window (default 180 s, after 30 s of warm-up).
 */
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nextRunAfter } from '@opsdeck/shared';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import type { HealthContext } from '../apps/server/src/health/runtime.js';
import { runCanaryLoop } from '../apps/server/src/health/scheduler.js';
import { syncCanaryChecks } from '../apps/server/src/health/sync.js';
import { createMetrics } from '../apps/server/src/platform/metrics.js';
import { startRedis } from '../apps/server/test/peers/redis.js';
import { LAGS, RECORD_CLAIMS } from './lib/check-lag.js';
import { benchPostgres } from './lib/postgres.js';
import { percentile, round } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const CANARIES = 100;
const CHECKS_PER_CANARY = 10;
const SCHEDULES = ['@every 30s', '@every 1m', '@every 2m', '* * * * *'];
const TYPES = ['http', 'tcp', 'dns', 'exec', 'postgres', 'redis'] as const;
const WARMUP_MS = 30_000;
const LAG_BUDGET_MS = 1000;

type Peers = { httpUrl: string; tcp: string; pgUrl: string; redisAddr: string };

function checkSpec(type: (typeof TYPES)[number], name: string, p: Peers): Record<string, unknown> {
  switch (type) {
    case 'http':
      return { name, url: p.httpUrl, responseCodes: [200] };
    case 'tcp':
      return { name, endpoint: p.tcp };
    case 'dns':
      return { name, query: 'localhost', querytype: 'A' };
    case 'exec':
      return { name, script: 'echo ok' };
    case 'postgres':
      return { name, url: p.pgUrl, query: 'SELECT 1' };
    case 'redis':
      return { name, addr: p.redisAddr };
  }
}

/** 100 canaries of 10 checks each, types cycling; the first run of each spread as described above. */
async function createCanaries(db: Db, peers: Peers): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < CANARIES; i++) {
    const schedule = SCHEDULES[i % SCHEDULES.length]!;
    const spec: Record<string, Record<string, unknown>[]> = {};
    for (let k = 0; k < CHECKS_PER_CANARY; k++) {
      const type = TYPES[(i * CHECKS_PER_CANARY + k) % TYPES.length]!;
      (spec[type] ??= []).push(checkSpec(type, `${type}-${i}-${k}`, peers));
    }
    // An @every schedule's interval is its next run after the epoch.
    const every = nextRunAfter(schedule, new Date(0), schedule).getTime();
    const first = schedule.startsWith('@every')
      ? new Date(now + 5000 + (((i * 7919) % 1000) / 1000) * every)
      : nextRunAfter(schedule, new Date(now + 5000), schedule);
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO canaries (name, spec, schedule, next_runtime) VALUES ($1, $2, $3, $4) RETURNING id',
      [`bench-${i}`, JSON.stringify({ ...spec, schedule }), schedule, first],
    );
    await syncCanaryChecks(db, rows[0]!.id);
  }
}

async function startPeers(pgUrl: string) {
  const web = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
  const tcp = net.createServer((s) => s.end());
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', () => r()));
  const redis = await startRedis();
  const peers: Peers = {
    httpUrl: `http://127.0.0.1:${(web.address() as net.AddressInfo).port}/`,
    tcp: `127.0.0.1:${(tcp.address() as net.AddressInfo).port}`,
    pgUrl,
    redisAddr: `127.0.0.1:${redis.port}`,
  };
  const stop = async () => {
    web.close();
    tcp.close();
    await redis.stop();
  };
  return { peers, stop };
}

async function measureLag(db: Db, pgUrl: string, seconds: number): Promise<BenchFigure[]> {
  const { peers, stop } = await startPeers(pgUrl);
  // A data dir of its own: as root, exec checks make the data dir private (never /tmp itself).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-sched-'));
  const ctx: HealthContext = {
    db,
    config: loadConfig({ LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: dataDir }),
    metrics: createMetrics(db),
    log: pino({ level: 'warn' }),
  };
  const abort = new AbortController();
  // As the job scheduler does: every run and check listens on the one signal.
  setMaxListeners(0, abort.signal);
  try {
    await createCanaries(db, peers);
    await db.exec(RECORD_CLAIMS);
    const start = Date.now();
    const loop = runCanaryLoop(ctx, abort.signal);
    const from = new Date(start + WARMUP_MS);
    const to = new Date(from.getTime() + seconds * 1000);
    console.error(
      `  scheduling: ${CANARIES * CHECKS_PER_CANARY} checks, measuring ${seconds} s after ${WARMUP_MS / 1000} s…`,
    );
    // Runs due up to `to` are given 10 s more to start; a check still not started counts as late.
    await new Promise((r) => setTimeout(r, to.getTime() + 10_000 - Date.now()));
    abort.abort();
    await loop;
    const { rows } = await db.query<{ lag_ms: string | null; schedule: string; run: string }>(LAGS, [
      from,
      to,
    ]);
    const lagOf = (r: { lag_ms: string | null }) => (r.lag_ms === null ? Infinity : Number(r.lag_ms));
    const lags = rows.map(lagOf).sort((a, b) => a - b);
    for (const schedule of SCHEDULES) {
      const mine = rows.filter((r) => r.schedule === schedule);
      const of = mine.map(lagOf).sort((a, b) => a - b);
      // The first check of each run: how late the run itself began, before waiting for slots.
      const firsts = new Map<string, number>();
      for (const r of mine) firsts.set(r.run, Math.min(firsts.get(r.run) ?? Infinity, lagOf(r)));
      const first = [...firsts.values()].sort((a, b) => a - b);
      console.error(
        `    ${schedule}: ${of.length} check runs, lag p50 ${round(percentile(of, 50))} ms, p95 ${round(percentile(of, 95))} ms; first check of each canary run p50 ${round(percentile(first, 50))} ms, p95 ${round(percentile(first, 95))} ms`,
      );
    }
    const { rows: outcome } = await db.query<{ failed: string; total: string }>(
      `SELECT count(*) FILTER (WHERE NOT status) AS failed, count(*) AS total FROM check_statuses
       WHERE time >= $1 AND time < $2`,
      [from, to],
    );
    const p95 = percentile(lags, 95);
    const late = lags.filter((l) => !Number.isFinite(l)).length;
    const failed = Number(outcome[0]?.failed ?? 0);
    console.error(
      `  scheduling: ${lags.length} check runs due in the window, ${late} not started; ${outcome[0]?.total} statuses, ${failed} failed; lag p50 ${round(percentile(lags, 50))} ms, p95 ${round(percentile(lags, 95))} ms, p99 ${round(percentile(lags, 99))} ms, max ${round(lags.at(-1) ?? NaN)} ms`,
    );
    if (failed > 0) {
      const { rows: why } = await db.query<{ type: string; error: string; n: string }>(
        `SELECT k.type, s.error, count(*) AS n FROM check_statuses s JOIN checks k ON k.id = s.check_id
         WHERE NOT s.status GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5`,
      );
      for (const w of why) console.error(`    failed ${w.type} ×${w.n}: ${w.error}`);
    }
    return [
      {
        figure: `p95 scheduling lag, ${CANARIES * CHECKS_PER_CANARY} mixed checks (${TYPES.join(', ')}) at their schedules, ${lags.length} runs over ${seconds} s`,
        value: round(p95),
        unit: 'ms',
        budget: `≤ ${LAG_BUDGET_MS} ms, every check passing`,
        ok: p95 <= LAG_BUDGET_MS && failed === 0 && lags.length > 0,
      },
    ];
  } finally {
    abort.abort();
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const schedulingBench: BenchModule = {
  name: 'scheduling',
  async run() {
    const seconds = Number(process.env.BENCH_SCHED_SECONDS ?? 180);
    const pgServer = await benchPostgres();
    try {
      const db = await openPostgres(pgServer.url, { poolSize: 10, statementTimeoutMs: 60_000 });
      try {
        await migrate(db);
        return await measureLag(db, pgServer.url, seconds);
      } finally {
        await db.close();
      }
    } finally {
      await pgServer.stop();
    }
  },
};
