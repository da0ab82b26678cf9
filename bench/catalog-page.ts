/**
 * The catalog list page in headless Chromium over 100k config_items (ARCHITECTURE §10, issue 6):
 * a fresh server on PostgreSQL with the built web app, 100k items seeded, then the time from
 * navigation until the first page of rows is visible, for the summary, a type filter and a
 * search matching every item. The baseline is the page's own data request replayed directly
 * over HTTP, so the ratio shows what the browser and the app add on top of the API. The very
 * first navigation (cold server, empty browser cache) is reported as its own row.
 */
import { performance } from 'node:perf_hooks';
import type { Page, Request } from '@playwright/test';
import { request } from 'undici';
import { startBrowserBench } from './lib/browser-server.js';
import { coldLoadRow } from './lib/cold-load.js';
import { percentile, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const ITEMS = 100_000;
const BUDGET_MS = 2000;

const SEED_SQL = `
INSERT INTO config_scrapers (id, name, spec) VALUES
  ('00000000-0000-0000-0000-00000000c001', 'bench-page', '{"push": [{}]}');
INSERT INTO config_items (scraper_id, external_id, type, config_class, name, namespace, status, health, labels, tags,
  config, cost_total_30d, created_at, updated_at, last_scraped_time)
SELECT '00000000-0000-0000-0000-00000000c001', ARRAY['page-' || i], t.type, split_part(t.type, '::', 2),
  'item-' || i, 'ns-' || (i % 20), (ARRAY['Running', 'Pending', 'Stopped'])[1 + i % 3],
  (ARRAY['healthy', 'healthy', 'unhealthy', 'warning', 'unknown'])[1 + i % 5],
  jsonb_build_object('app', 'app-' || (i % 500), 'env', (ARRAY['prod', 'dev'])[1 + i % 2]),
  jsonb_build_object('cluster', 'c' || (i % 9), 'namespace', 'ns-' || (i % 20)),
  jsonb_build_object('spec', jsonb_build_object('replicas', i % 5)),
  CASE WHEN i % 4 = 0 THEN round((i % 1000) * 1.37, 2) END,
  now() - ((i % 400) || ' days')::interval, now() - ((i % 90) || ' days')::interval, now()
FROM generate_series(1, ${ITEMS}) i
CROSS JOIN LATERAL (SELECT (ARRAY['Kubernetes::Pod', 'Kubernetes::Deployment', 'Kubernetes::Service',
  'Kubernetes::ConfigMap', 'AWS::EC2::Instance', 'AWS::RDS::DBInstance', 'AWS::S3::Bucket', 'Azure::VM',
  'GCP::Instance', 'Kubernetes::Node'])[1 + i % 10] AS type) t;
ANALYZE config_items;
`;

type Case = { name: string; url: string; api: RegExp };

const CASES: Case[] = [
  { name: 'summary grouped by class,type', url: '/catalog', api: /\/api\/catalog\/summary/ },
  {
    name: 'list: type filter (10k of 100k)',
    url: '/catalog?configType=Kubernetes::Pod',
    api: /\/api\/db\/configs\?/,
  },
  { name: 'list: search matching all 100k', url: '/catalog?search=item', api: /\/api\/db\/configs\?/ },
];

/** Navigates and waits for the first data row; returns the elapsed time and the data request. */
async function timeFirstRows(
  page: Page,
  base: string,
  c: Case,
): Promise<{
  ms: number;
  req?: { url: string; method: string; headers: Record<string, string>; body: string | null };
}> {
  let req: { url: string; method: string; headers: Record<string, string>; body: string | null } | undefined;
  const onRequest = (r: Request) => {
    if (c.api.test(r.url()))
      req = { url: r.url(), method: r.method(), headers: r.headers(), body: r.postData() };
  };
  page.on('request', onRequest);
  await page.goto('about:blank');
  const t0 = performance.now();
  await page.goto(`${base}${c.url}`);
  await page
    .locator('tbody tr')
    .filter({ hasText: /item-|Kubernetes::|AWS::/ })
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
  const ms = performance.now() - t0;
  page.off('request', onRequest);
  return { ms, ...(req ? { req } : {}) };
}

/** Replays the page's request with the viewer's session (Playwright does not list cookies). */
async function replay(
  r: { url: string; method: string; headers: Record<string, string>; body: string | null },
  session: Record<string, string>,
) {
  const headers = {
    ...Object.fromEntries(
      Object.entries(r.headers).filter(([k]) =>
        ['accept', 'content-type', 'prefer', 'range', 'range-unit'].includes(k.toLowerCase()),
      ),
    ),
    ...session,
  };
  const res = await request(r.url, {
    method: r.method as 'GET' | 'POST',
    headers,
    body: r.body ?? undefined,
  });
  await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${r.url}: HTTP ${res.statusCode}`);
}

export const catalogPageBench: BenchModule = {
  name: 'catalog-page',
  async run(): Promise<BenchRow[]> {
    const iterations = Number(process.env.BENCH_ITERATIONS ?? 10);
    const { db, base, newPage, headers, close } = await startBrowserBench();
    try {
      console.error(`  catalog-page: seeding ${ITEMS} items…`);
      await db.exec(SEED_SQL);
      const page = await newPage({ viewport: { width: 1440, height: 900 } });
      const rows: BenchRow[] = [];
      for (const [n, c] of CASES.entries()) {
        // The first navigation of the first case is the cold load: reported, then the warm-up.
        const first = await timeFirstRows(page, base, c);
        if (n === 0)
          rows.push(coldLoadRow('catalog-page', c.name, 'postgresql+chromium', first.ms, BUDGET_MS));
        await timeFirstRows(page, base, c); // warm caches and the JS chunks
        const ui: number[] = [];
        const api: number[] = [];
        for (let i = 0; i < iterations; i++) {
          const { ms, req } = await timeFirstRows(page, base, c);
          ui.push(ms);
          if (req) {
            const t = performance.now();
            await replay(req, headers);
            api.push(performance.now() - t);
          }
        }
        ui.sort((a, b) => a - b);
        api.sort((a, b) => a - b);
        const p50 = percentile(ui, 50);
        const b50 = api.length ? percentile(api, 50) : undefined;
        rows.push({
          bench: 'catalog-page',
          case: `${c.name}: first rows visible`,
          driver: 'postgresql+chromium',
          p50Ms: round(p50),
          p95Ms: round(percentile(ui, 95)),
          ...(b50 !== undefined
            ? {
                baselineP50Ms: round(b50),
                baselineP95Ms: round(percentile(api, 95)),
                ratio: round(p50 / b50),
              }
            : {}),
          budget: `≤ ${BUDGET_MS} ms`,
          ok: p50 <= BUDGET_MS,
        });
      }
      return rows;
    } finally {
      await close();
    }
  },
};

export const { name, run } = catalogPageBench;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await catalogPageBench.run();
  console.table(rows);
}
