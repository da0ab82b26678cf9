/**
 * The topology dashboard in headless Chromium (ARCHITECTURE §10, issue 7): a fresh server on
 * PostgreSQL with the built web app and 500 root components (each with 4 children, headline
 * and plain properties, check and insight summaries), then the time from navigation to
 * `/topology` until all 500 cards are in the page (budget ≤ 2 s), with the tree request
 * replayed over HTTP as the baseline.
 */
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { request } from 'undici';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { startServer } from '../apps/server/src/server.js';
import { benchPostgres } from './lib/postgres.js';
import { percentile, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const CARDS = 500;
const BUDGET_MS = 2000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built web app: BENCH_WEB_DIR, else apps/web/dist (built when missing). */
function webDir(): string {
  const given = process.env.BENCH_WEB_DIR;
  if (given) return path.resolve(given);
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  return dist;
}

/** 500 root components with 4 children each: what a busy home page shows. */
async function generate(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO topologies (name) VALUES ('bench-cards') RETURNING id`,
  );
  const topologyId = rows[0]?.id;
  await db.query(
    `INSERT INTO components (topology_id, name, type, icon, status, status_reason, path, labels, properties, summary)
     SELECT $1, 'service-' || g, 'Service', 'service',
       (ARRAY['healthy', 'healthy', 'warning', 'unhealthy'])[1 + g % 4],
       CASE WHEN g % 4 = 3 THEN '1 of 4 components unhealthy' END, '',
       jsonb_build_object('env', 'prod', 'team', 'team-' || g % 10),
       jsonb_build_array(
         jsonb_build_object('name', 'cpu', 'value', g, 'unit', 'millicores', 'headline', true),
         jsonb_build_object('name', 'image', 'text', 'registry.local/app:' || g),
         jsonb_build_object('name', 'replicas', 'value', 1 + g % 5),
         jsonb_build_object('name', 'region', 'text', 'eu-west-1')),
       '{"healthy": 2, "warning": 1, "unhealthy": 1, "checks": {"healthy": 4, "unhealthy": 1},
         "insights": {"security": {"high": 1, "low": 2}, "cost": {"medium": 1}}}'
     FROM generate_series(1, ${CARDS}) g`,
    [topologyId],
  );
  await db.query(
    `INSERT INTO components (topology_id, parent_id, path, name, type, icon, status, is_leaf)
     SELECT $1, r.id, r.id::text, r.name || '-pod-' || g, 'Pod', 'pod',
       (ARRAY['healthy', 'warning', 'unhealthy', 'healthy'])[g], true
     FROM components r, generate_series(1, 4) g WHERE r.topology_id = $1 AND r.parent_id IS NULL`,
    [topologyId],
  );
  await db.exec('ANALYZE');
}

async function timeCards(page: Page, base: string): Promise<number> {
  await page.goto('about:blank');
  const t0 = performance.now();
  await page.goto(`${base}/topology`);
  // The last card in the page: all 500 are rendered.
  await page
    .locator('[data-testid="topology-card"]')
    .nth(CARDS - 1)
    .waitFor({ state: 'attached', timeout: 60_000 });
  return performance.now() - t0;
}

export const topologyPageBench: BenchModule = {
  name: 'topology-page',
  async run(): Promise<BenchRow[]> {
    const iterations = Number(process.env.BENCH_ITERATIONS ?? 10);
    const pgServer = await benchPostgres();
    const db = await openPostgres(pgServer.url, { poolSize: 10, statementTimeoutMs: 120_000 });
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        PORT: '0',
        DATA_DIR: '/nonexistent-bench',
        AUTH_MODE: 'none',
        SECRET_KEY: crypto.randomBytes(24).toString('hex'),
      },
      { webDir: webDir() },
    );
    const server = await startServer(config, {
      db,
      scheduler: false,
      dataAccess: async () => ({ ok: true }),
    });
    const base = server.url.replace('[::1]', '127.0.0.1');
    const browser = await chromium.launch({
      executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    });
    try {
      await generate(db);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      for (let i = 0; i < 2; i++) await timeCards(page, base); // warm caches and the JS chunks
      const ui: number[] = [];
      const api: number[] = [];
      for (let i = 0; i < iterations; i++) {
        ui.push(await timeCards(page, base));
        const t = performance.now();
        const res = await request(`${base}/api/canary/api/topology?sortBy=status&sortOrder=desc`);
        await res.body.text();
        api.push(performance.now() - t);
      }
      ui.sort((a, b) => a - b);
      api.sort((a, b) => a - b);
      const p50 = percentile(ui, 50);
      const apiP50 = percentile(api, 50);
      return [
        {
          bench: 'topology-page',
          case: `${CARDS} cards rendered`,
          driver: 'postgresql+chromium',
          p50Ms: round(p50),
          p95Ms: round(percentile(ui, 95)),
          baselineP50Ms: round(apiP50),
          baselineP95Ms: round(percentile(api, 95)),
          ratio: round(p50 / apiP50),
          budget: `≤ ${BUDGET_MS} ms`,
          ok: p50 <= BUDGET_MS,
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
      await db.close();
      await pgServer.stop();
    }
  },
};

export const { name, run } = topologyPageBench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await topologyPageBench.run();
  console.table(rows);
}
