/**
 * The topology dashboard in headless Chromium (ARCHITECTURE §10, issue 7): a fresh server on
 * PostgreSQL with the built web app and 500 root components (each with 4 children, headline
 * and plain properties, check and insight summaries), then the time from navigation to
 * `/topology` until all 500 cards are in the page (budget ≤ 2 s), with the tree request
 * replayed over HTTP as the baseline. The very first navigation (cold server, empty browser
 * cache) is reported as its own row, with the same budget.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { request } from 'undici';
import type { Db } from '../apps/server/src/db/types.js';
import { startBrowserBench } from './lib/browser-server.js';
import { coldLoadRow } from './lib/cold-load.js';
import { percentile, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const CARDS = 500;
const BUDGET_MS = 2000;

/** 500 root components with 4 children each: what a busy home page shows. */
export async function generate(db: Db): Promise<void> {
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
  const elapsed = performance.now() - t0;
  if (process.env.BENCH_DEBUG) {
    // Where the time went: each API call's start and end, in ms since navigation.
    const timing = await page.evaluate(
      `JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/') || e.name.includes('/assets/')).map((e) => [e.name.replace(/^.*\\/(api|assets)\\//, ''), Math.round(e.startTime), Math.round(e.responseEnd)]))`,
    );
    console.error(Math.round(elapsed), timing);
  }
  return elapsed;
}

export const topologyPageBench: BenchModule = {
  name: 'topology-page',
  async run(): Promise<BenchRow[]> {
    const iterations = Number(process.env.BENCH_ITERATIONS ?? 10);
    const { db, base, newPage, headers, close } = await startBrowserBench();
    try {
      await generate(db);
      const page = await newPage({ viewport: { width: 1440, height: 900 } });
      const cold = await timeCards(page, base); // the first navigation after start, empty cache
      await timeCards(page, base); // warm caches and the JS chunks
      const ui: number[] = [];
      const api: number[] = [];
      for (let i = 0; i < iterations; i++) {
        ui.push(await timeCards(page, base));
        const t = performance.now();
        const res = await request(`${base}/api/canary/api/topology?sortBy=status&sortOrder=desc`, {
          headers,
        });
        await res.body.text();
        api.push(performance.now() - t);
      }
      ui.sort((a, b) => a - b);
      api.sort((a, b) => a - b);
      const p50 = percentile(ui, 50);
      const apiP50 = percentile(api, 50);
      return [
        coldLoadRow('topology-page', `${CARDS} cards rendered`, 'postgresql+chromium', cold, BUDGET_MS),
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
      await close();
    }
  },
};

export const { name, run } = topologyPageBench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await topologyPageBench.run();
  console.table(rows);
}
