/**
 * A public status page of 500 checks (docs/status-pages.md): a fresh server on PostgreSQL,
 * 500 checks with 90 days of daily roll-ups in one group and an incident with a public update,
 * then `GET /api/status/{slug}` signed out at a steady 200 requests per second for 10 s (open
 * loop: each request leaves on its schedule whether or not the last one answered). Budget: p95
 * ≤ 50 ms. Baseline: the page's one SQL statement run directly (what a cache miss costs; readers
 * are answered from the short cache, which reloads an expired page in the background).
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { READ_PAGE_SQL } from '../apps/server/src/status-pages/read-sql.js';
import { benchPostgres } from './lib/postgres.js';
import { startBenchServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const CHECKS = 500;
const RATE = 200;
const SECONDS = 10;
const BUDGET_MS = 50;

export async function generate(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace) VALUES ('bench-status', 'bench') RETURNING id`,
  );
  const canary = rows[0]?.id;
  await db.query(
    `INSERT INTO checks (canary_id, name, namespace, type, status, labels)
     SELECT $1, 'bench-check-' || g, 'bench', 'http', CASE WHEN g % 50 = 0 THEN 'unhealthy' ELSE 'healthy' END,
       '{"tier": "public"}'
     FROM generate_series(1, ${CHECKS}) g`,
    [canary],
  );
  await db.query(
    `INSERT INTO check_statuses_1d (check_id, time, passed, failed, duration_sum, duration_max)
     SELECT c.id, date_trunc('day', now()) - make_interval(days => d), 1440 - (d % 7), d % 7, 1440 * 80, 900
     FROM checks c, generate_series(0, 89) d WHERE c.canary_id = $1`,
    [canary],
  );
  const incident = await db.query<{ id: string }>(
    `INSERT INTO incidents (title, status) VALUES ('Bench outage', 'open') RETURNING id`,
  );
  const incidentId = incident.rows[0]?.id;
  const h = await db.query<{ id: string }>(
    `INSERT INTO hypotheses (incident_id, type, title) VALUES ($1, 'root', 'cause') RETURNING id`,
    [incidentId],
  );
  await db.query(
    `INSERT INTO evidences (hypothesis_id, type, check_id, description)
     SELECT $1, 'check', id, 'down' FROM checks WHERE name = 'bench-check-50'`,
    [h.rows[0]?.id],
  );
  await db.query(
    `INSERT INTO comments (incident_id, comment, kind) VALUES ($1, 'Investigating', 'public_update')`,
    [incidentId],
  );
  await db.query(
    `INSERT INTO status_pages (slug, title, groups) VALUES ('bench', 'Bench status',
      '[{"name": "All", "selectors": [{"kind": "check", "name": "bench-check-*", "labelSelector": "tier=public"}]}]')`,
  );
  await db.exec('ANALYZE');
}

export const statusPageBench: BenchModule = {
  name: 'status-page',
  async run(): Promise<BenchRow[]> {
    const pgServer = await benchPostgres();
    const db = await openPostgres(pgServer.url, { poolSize: 10, statementTimeoutMs: 15_000 });
    try {
      const { server, base } = await startBenchServer(db, { env: { STATUS_PAGE_RATE_LIMIT: '1000000' } });
      try {
        await generate(db);
        const url = `${base}/api/status/bench`;
        const warm = await request(url);
        if (warm.statusCode !== 200) throw new Error(`status page answered ${warm.statusCode}`);
        await warm.body.text();
        const sql: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          await db.query(READ_PAGE_SQL, ['bench', null]);
          sql.push(performance.now() - t);
        }
        const latencies: number[] = [];
        const start = performance.now();
        const total = RATE * SECONDS;
        const inFlight: Promise<void>[] = [];
        for (let i = 0; i < total; i++) {
          const due = start + (i * 1000) / RATE;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          inFlight.push(
            (async () => {
              const t = performance.now();
              const res = await request(url, { headers: { 'accept-encoding': 'br, gzip' } });
              await res.body.arrayBuffer();
              if (res.statusCode !== 200) throw new Error(`status page answered ${res.statusCode}`);
              latencies.push(performance.now() - t);
            })(),
          );
        }
        await Promise.all(inFlight);
        latencies.sort((a, b) => a - b);
        sql.sort((a, b) => a - b);
        const p95 = percentile(latencies, 95);
        return [
          {
            bench: 'status-page',
            case: `${CHECKS} checks, ${RATE} req/s signed out`,
            driver: 'postgresql',
            p50Ms: round(percentile(latencies, 50)),
            p95Ms: round(p95),
            baselineP50Ms: round(percentile(sql, 50)),
            baselineP95Ms: round(percentile(sql, 95)),
            ratio: round(percentile(latencies, 50) / percentile(sql, 50)),
            budget: `p95 ≤ ${BUDGET_MS} ms`,
            ok: p95 <= BUDGET_MS,
          },
        ];
      } finally {
        await server.stop();
      }
    } finally {
      await db.close().catch(() => {});
      await pgServer.stop();
    }
  },
};

export const { name, run } = statusPageBench;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await statusPageBench.run());
}
