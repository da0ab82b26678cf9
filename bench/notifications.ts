/**
 * Notification pipeline benchmark (issue 20): 10k check.failed events on PostgreSQL through
 * four rules with CEL filters and two silences (a filter and a selector), delivered to a
 * loopback webhook by two consumers with their own pools (two server processes' worth of
 * handlers, in one process). Budget ≥ 500 notifications/s delivered. Then the history page:
 * the first page of `notification_send_history_summary` (newest first) with 1M rows, through
 * the real server as a signed-in viewer, ≤ 300 ms; and, for the record, the first page of
 * POST /api/notification/summary (grouped by resource) over the same rows.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else a throw-away server. BENCH_NOTIFICATION_EVENTS and
 * BENCH_NOTIFICATION_HISTORY change the sizes (defaults 10000 and 1000000).
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
import { consumerOptions, drainEvents } from '../apps/server/src/events/consumer.js';
import { eventRegistryOf } from '../apps/server/src/events/registry.js';
import { notificationsDomain } from '../apps/server/src/notifications/index.js';
import { createMetrics } from '../apps/server/src/platform/metrics.js';
import { inProcessConfig } from '../apps/server/test/in-process-config.js';
import { benchPostgres } from './lib/postgres.js';
import { startBenchServer } from './lib/server.js';
import { measure, round } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const RATE_BUDGET = 500;
const PAGE_BUDGET_MS = 300;
const TEAMS = 4;

function context(db: Db): ServerContext {
  return {
    // The default limit (50 per 4 h per rule) would drop most of a burst this size by design.
    config: inProcessConfig({ NOTIFICATION_RATE_LIMIT: '1000000', EVENT_BATCH_SIZE: '100' }),
    db,
    log: pino({ level: 'silent' }),
    metrics: createMetrics(db),
    dataAccess: allowListAccess,
    publicBaseUrl: () => 'http://127.0.0.1:8080',
  };
}

async function startSink(): Promise<{ url: string; hits: () => number; stop(): Promise<void> }> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits++;
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `count` healthy checks, spread over TEAMS teams; every tenth is a batch job (silenced). */
async function seedChecks(db: Db, count: number): Promise<void> {
  await db.query(`INSERT INTO canaries (name, namespace) VALUES ('bench', 'bench')`);
  await db.query(
    `INSERT INTO checks (canary_id, name, type, namespace, labels, status)
     SELECT (SELECT id FROM canaries WHERE name = 'bench'), 'check-' || g, 'http', 'bench',
       jsonb_build_object('team', 't' || (g % $2), 'env', CASE WHEN g % 10 = 0 THEN 'batch' ELSE 'prod' END),
       'healthy'
     FROM generate_series(1, $1) g`,
    [count, TEAMS],
  );
}

async function seedRules(db: Db, hook: string): Promise<void> {
  for (let t = 0; t < TEAMS; t++) {
    await db.query(
      `INSERT INTO notifications (name, events, filter, custom_services) VALUES ($1, '{check.failed}', $2, $3)`,
      [
        `bench-t${t}`,
        `check.type == 'http' && check.labels.team == 't${t}'`,
        JSON.stringify([{ url: `generic+${hook}/t${t}` }]),
      ],
    );
  }
  await db.query(`INSERT INTO notification_silences (filter) VALUES ($1)`, ["check.labels.env == 'batch'"]);
  await db.query(`INSERT INTO notification_silences (selectors) VALUES ($1)`, [
    JSON.stringify([{ name: 'nightly-*', types: ['exec'] }]),
  ]);
}

async function pipelineFigure(a: Db, b: Db, events: number): Promise<BenchFigure> {
  const sink = await startSink();
  try {
    await seedChecks(a, events);
    await seedRules(a, sink.url);
    await a.query(`UPDATE checks SET status = 'unhealthy' WHERE namespace = 'bench'`);
    await a.query('VACUUM ANALYZE event_queue');
    const registry = eventRegistryOf([notificationsDomain]);
    const [ctxA, ctxB] = [context(a), context(b)];
    const t0 = performance.now();
    const results = await Promise.all([
      drainEvents(ctxA, registry, consumerOptions(ctxA.config)),
      drainEvents(ctxB, registry, consumerOptions(ctxB.config)),
    ]);
    const seconds = (performance.now() - t0) / 1000;
    const { rows } = await a.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM notification_send_history GROUP BY status ORDER BY status',
    );
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const expectedSilenced = Math.floor(events / 10);
    const sent = by.sent ?? 0;
    const right =
      sent === events - expectedSilenced && (by.silenced ?? 0) === expectedSilenced && sink.hits() === sent;
    const failed = results.reduce((n, r) => n + r.failed, 0);
    const rate = sent / seconds;
    console.error(
      `  notifications: ${events} events in ${seconds.toFixed(2)} s, ${sent} sent, ${by.silenced ?? 0} silenced, ` +
        `${sink.hits()} webhook requests, ${failed} failed handler runs`,
    );
    return {
      figure: `${events} check.failed → ${TEAMS} filtered rules, 2 silences → loopback webhook, 2 consumers; every send once: ${right ? 'yes' : 'NO'}`,
      value: round(rate),
      unit: 'notifications/s',
      budget: `≥ ${RATE_BUDGET} notifications/s`,
      ok: right && failed === 0 && rate >= RATE_BUDGET,
    };
  } finally {
    await sink.stop();
  }
}

/** `count` history rows over 10k resources and a month, statuses mixed as a real history is. */
async function fillHistory(db: Db, count: number): Promise<void> {
  const rule = await db.query<{ id: string }>(
    `INSERT INTO notifications (name, events, custom_services) VALUES ('bench-history', '{check.failed}', $1) RETURNING id`,
    [JSON.stringify([{ url: 'generic+http://127.0.0.1:9/x' }])],
  );
  await db.query(
    `INSERT INTO notification_send_history (notification_id, created_at, first_observed, source_event, resource_id,
       resource_type, resource, status, recipient, body, duration_millis)
     SELECT $1, now() - g * interval '2.6 seconds', now() - g * interval '2.6 seconds', 'check.failed', r.id, 'check',
       jsonb_build_object('id', r.id, 'name', 'check-' || (g % 10000), 'type', 'http'),
       (ARRAY['sent', 'sent', 'sent', 'error', 'silenced', 'repeat-interval', 'skipped'])[1 + g % 7],
       'generic+http://127.0.0.1:9', '<p>Check check-' || (g % 10000) || ' has failed</p>', 100 + g % 400
     FROM generate_series(1, $2) g
     JOIN (SELECT n, md5('r' || n)::uuid AS id FROM generate_series(0, 9999) n) r ON r.n = g % 10000`,
    [rule.rows[0]!.id, count],
  );
  await db.query('VACUUM ANALYZE notification_send_history');
}

async function historyFigures(db: Db, rows: number): Promise<BenchFigure[]> {
  await fillHistory(db, rows);
  const bench = await startBenchServer(db);
  try {
    const get = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${bench.base}${path}`, {
        ...init,
        headers: { ...bench.viewer.headers, 'content-type': 'application/json' },
      });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const page = await measure(
      () => get('/api/db/notification_send_history_summary?order=created_at.desc&limit=50&offset=0'),
      30,
      3,
    );
    const summary = await measure(
      () => get('/api/notification/summary', { method: 'POST', body: JSON.stringify({ pageSize: 50 }) }),
      5,
      1,
    );
    const lastDay = await measure(
      () =>
        get('/api/notification/summary', {
          method: 'POST',
          body: JSON.stringify({ pageSize: 50, from: 'now-1d' }),
        }),
      10,
      2,
    );
    console.error(
      `  notification history, ${rows} rows: first page p50 ${page.p50.toFixed(1)} ms; ` +
        `summary p50 ${summary.p50.toFixed(1)} ms (all), ${lastDay.p50.toFixed(1)} ms (last day)`,
    );
    return [
      {
        figure: `history first page (notification_send_history_summary, newest 50) over ${rows} rows, viewer, p95`,
        value: round(page.p95),
        unit: 'ms',
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        ok: page.p95 <= PAGE_BUDGET_MS,
      },
      {
        figure: `POST /api/notification/summary first page, last day of ${rows} rows (≈33k), p95`,
        value: round(lastDay.p95),
        unit: 'ms',
        budget: `≤ ${PAGE_BUDGET_MS} ms`,
        ok: lastDay.p95 <= PAGE_BUDGET_MS,
      },
      {
        figure: `POST /api/notification/summary first page, all ${rows} rows grouped (no time range), p95`,
        value: round(summary.p95),
        unit: 'ms',
        budget: 'for the record',
        ok: true,
      },
    ];
  } finally {
    await bench.server.stop();
  }
}

export const notificationsBench: BenchModule<BenchFigure> = {
  name: 'notifications',
  async run() {
    const events = Math.max(100, Number(process.env.BENCH_NOTIFICATION_EVENTS ?? 10_000));
    const history = Math.max(1000, Number(process.env.BENCH_NOTIFICATION_HISTORY ?? 1_000_000));
    const pg = await benchPostgres();
    const a = await openPostgres(pg.url, { poolSize: 4, statementTimeoutMs: 600_000 });
    const b = await openPostgres(pg.url, { poolSize: 4, statementTimeoutMs: 600_000 });
    try {
      await migrate(a);
      const pipeline = await pipelineFigure(a, b, events);
      await a.query('DELETE FROM notification_send_history');
      return [pipeline, ...(await historyFigures(a, history))];
    } finally {
      await b.close();
      await a.close();
      await pg.stop();
    }
  },
};
