import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { layoutProblems, platformControls } from './layout-check.js';

/**
 * Every page of docs/map.md on an iPhone-sized screen (390 × 844), in light and in dark: one
 * visit per route and theme, in one browser context per theme, checked on that visit for
 * layout (nothing outside the screen, cut off or drawn over other text: layout-check.ts) and
 * by axe-core (no serious or critical violation, WCAG 2.1 AA). Screenshots of the main pages
 * are written to e2e/screenshots/ (git-ignored). Issue 36, items 4 and 5.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, 'screenshots');
const MAP = path.resolve(here, '../../../docs/map.md');

/** The web pages docs/map.md lists (its first table), e.g. '/catalog/:id/:tab'. */
function mappedPages(): string[] {
  const text = fs.readFileSync(MAP, 'utf8');
  const section = text.slice(text.indexOf('## Web pages'), text.indexOf('## API paths'));
  return [...section.matchAll(/^\| `(\/[^`]*)` \|/gm)].map((m) => m[1]!);
}

/** The id of the first row of a data-API table the demo fills. */
async function firstId(request: APIRequestContext, table: string, filter = ''): Promise<string> {
  const res = await request.get(`/api/db/${table}?select=id&limit=1${filter}`);
  expect(res.ok(), `${table} readable`).toBe(true);
  const rows = (await res.json()) as { id: string }[];
  expect(rows.length, `the demo has ${table}`).toBeGreaterThan(0);
  return String(rows[0]!.id);
}

/** Each mapped path as a URL to open, its parameters filled from the demo data. */
async function urlsFor(request: APIRequestContext, pages: string[]): Promise<Map<string, string>> {
  const live = '&deleted_at=is.null';
  const related = await request.get('/api/db/config_relationships?select=config_id&limit=1');
  const [relatedConfig] = (await related.json()) as { config_id: string }[];
  const ids = {
    component: await firstId(request, 'components', `${live}&parent_id=is.null`),
    canary: await firstId(request, 'canaries', live),
    incident: await firstId(request, 'incidents'),
    run: await firstId(request, 'playbook_runs'),
    scraper: await firstId(request, 'config_scrapers', live),
    config: relatedConfig?.config_id ?? (await firstId(request, 'config_items', live)),
    topology: await firstId(request, 'topologies', live),
    backend: await firstId(request, 'logging_backends', live),
    rule: await firstId(request, 'notifications', live),
    incidentRule: await firstId(request, 'incident_rules', live),
    team: await firstId(request, 'teams', live),
    connection: await firstId(request, 'connections', live),
    statusPage: await firstId(request, 'status_pages', live),
  };
  const byPattern: Record<string, string> = {
    '/*': '/no-such-page',
    '/topology/:id': `/topology/${ids.component}`,
    '/view/topology/:id': `/view/topology/${ids.component}`,
    '/settings/canaries/:id': `/settings/canaries/${ids.canary}`,
    '/incidents/:id': `/incidents/${ids.incident}`,
    '/playbooks/runs/:id': `/playbooks/runs/${ids.run}`,
    '/catalog/scrapers/:id': `/catalog/scrapers/${ids.scraper}`,
    '/catalog/:id': `/catalog/${ids.config}`,
    // The relationship graph: its root must be in view (issue 36).
    '/catalog/:id/:tab': `/catalog/${ids.config}/relationships?view=graph`,
    '/settings/config_scrapers/:id': `/settings/config_scrapers/${ids.scraper}`,
    '/settings/integrations/:type/:id': `/settings/integrations/scrapers/${ids.scraper}`,
    '/settings/topologies/:id': `/settings/topologies/${ids.topology}`,
    '/settings/logging_backends/:id': `/settings/logging_backends/${ids.backend}`,
    '/settings/notifications/:id': `/settings/notifications/${ids.rule}`,
    '/settings/incident_rules/:id': `/settings/incident_rules/${ids.incidentRule}`,
    '/settings/teams/:id': `/settings/teams/${ids.team}`,
    '/settings/connections/:id': `/settings/connections/${ids.connection}`,
    '/settings/status-pages/:id': `/settings/status-pages/${ids.statusPage}`,
    // The demo's status page (status-pages/seed.ts), signed out or not.
    '/status/:slug': '/status/shop',
    // A flow error id the identity service does not know: the page says so.
    '/error/:id': '/error/00000000-0000-4000-8000-000000000000',
  };
  const urls = new Map<string, string>();
  for (const p of pages) {
    const url = byPattern[p] ?? p;
    expect(url, `a URL for ${p} (docs/map.md)`).not.toMatch(/[:*]/);
    urls.set(p, url);
  }
  return urls;
}

/** Pages whose screenshot a reviewer wants at 390 px (screenshots.spec.ts takes 1440 px). */
const SCREENSHOTS = new Set([
  '/topology',
  '/topology/:id',
  '/health',
  '/catalog',
  '/catalog/:id',
  '/incidents',
  '/incidents/:id',
  '/notifications',
  '/settings/connections',
  '/settings/jobs',
  '/agents',
]);

/** The page has drawn its data: no loading marker left, and the network quiet for a moment. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's serious and critical findings, WCAG 2.1 A and AA. In dark only colour contrast:
 * the theme changes colours, nothing else axe reads, and the walk must stay quick.
 */
async function axeProblems(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  const runOnly =
    scheme === 'light'
      ? { type: 'tag' as const, values: WCAG_AA }
      : { type: 'rule' as const, values: ['color-contrast'] };
  const result = await new AxeBuilder({ page })
    // Violations only: axe skips collecting what passed, most of its time on a big page.
    .options({ runOnly, resultTypes: ['violations'] })
    // Toasts come and go while axe reads the page.
    .exclude('[data-sonner-toaster]')
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

const PHONE = { width: 390, height: 844 };

/**
 * Opens a URL: the first one loads the app, the others go through its router (history and a
 * popstate, as the browser's Back does), so the walk does not load the app 60 times. The
 * pages without the shell (sign-in, the stand-alone topology) are loaded for real.
 */
async function open(page: Page, url: string): Promise<void> {
  const bare = /^\/(login|registration|recovery|verification|error|auth-state-checker|view\/)/.test(url);
  const loaded = await page.evaluate(() => document.querySelector('main') !== null).catch(() => false);
  if (bare || !loaded) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

// Part of `npm test` since both themes pass (2.3 minutes on a quiet 2-core machine; up to 12 on a
// busy one, hence the generous limit). E2E_WALK=0 leaves it out of a quick run
// (docs/development.md, "The phone and accessibility walk").
const WALK = process.env.E2E_WALK !== '0';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`every page on a phone, ${scheme}`, () => {
    test.skip(!WALK, 'E2E_WALK=0 leaves the walk out');
    test.use({ viewport: PHONE, colorScheme: scheme });

    test('fits the screen, overlaps nothing and passes axe', async ({ page, allowConsoleErrors }) => {
      test.setTimeout(Number(process.env.E2E_WALK_TIMEOUT_MS ?? 900_000));
      // The not-found page and a sign-in page without a flow log their 404s.
      allowConsoleErrors(/404|Not Found/i);
      const pages = mappedPages();
      expect(pages.length).toBeGreaterThan(50);
      const urls = await urlsFor(page.request, pages);
      const found: Record<string, string[]> = {};
      for (const [pattern, url] of urls) {
        const started = Date.now();
        await open(page, url);
        await settle(page);
        const loaded = Date.now();
        const layout = await layoutProblems(page);
        const checked = Date.now();
        const problems = [...layout, ...(await platformControls(page)), ...(await axeProblems(page, scheme))];
        if (process.env.E2E_TIMINGS)
          console.log(
            `${url}: load ${loaded - started} ms, layout ${checked - loaded} ms, axe ${Date.now() - checked} ms`,
          );
        if (problems.length) found[`${pattern} (${url})`] = problems;
        if (SCREENSHOTS.has(pattern)) {
          const name = pattern.replace(/^\//, '').replace(/[/:]+/g, '-') || 'home';
          await page.screenshot({ path: path.join(OUT, `phone-${name}-${scheme}.png`) });
        }
      }
      expect(found).toEqual({});
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the sidebar opens from the Menu button and closes on navigation', async ({ page }) => {
    await page.goto('/health');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Catalog', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog/);
    await expect(nav).toHaveCount(0);
  });

  test("the health filters open from the 'Filters' button", async ({ page }) => {
    await page.goto('/health');
    await expect(page.getByRole('complementary', { name: 'Health filters' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer.getByRole('switch', { name: 'Hide Passing' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  });

  test("a table's first column stays pinned while it scrolls sideways", async ({ page }) => {
    await page.goto('/settings/jobs');
    const first = page.getByRole('columnheader').first();
    await expect(first).toBeVisible();
    expect(await first.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  });

  test("an empty table's text is in view, not centred in columns wider than the screen", async ({ page }) => {
    // No agent, whatever other journeys created: the agents list answers empty.
    await page.route('**/api/db/agents_summary?**', (route) =>
      route.fulfill({ json: [], headers: { 'content-range': '*/0' } }),
    );
    await page.goto('/settings/agents');
    const empty = page.getByTestId('table-empty');
    await expect(empty).toHaveText(/\S/);
    const box = await empty.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // The table itself is wider than the screen: the text stays in view while it scrolls.
    const region = page.getByRole('region', { name: 'Table' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  test("a catalog item's Details open as a sheet on demand, never over the tabs", async ({ page }) => {
    const id = await firstId(page.request, 'config_items', '&deleted_at=is.null');
    await page.goto(`/catalog/${id}`);
    await expect(page.getByRole('tab', { name: /Config/ })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Details' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tab', { name: /Config/ })).toBeVisible();
  });

  test('the check panel, opened from the dashboard, fits: footer buttons and uptime in view', async ({
    page,
  }) => {
    const check = await firstId(page.request, 'checks', '&deleted_at=is.null');
    await page.goto(`/health?checkId=${check}`);
    const panel = page.getByRole('dialog').last();
    await expect(panel).toBeVisible();
    await settle(page);
    expect(await layoutProblems(page)).toEqual([]);
  });
});
