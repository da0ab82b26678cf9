import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MODE, expect, test } from './fixtures.js';
import { platformControls } from './layout-check.js';

/**
 * The first ten minutes (issue 17): a fresh start with demo data has lived — a week of check
 * history, catalog changes, topology cards with real health — and a new HTTP check is made
 * through the guided form without touching YAML.
 */
test.describe('first run', () => {
  test.skip(AUTH_MODE !== 'none', 'writes without signing in (AUTH_MODE=none)');

  test('the demo has a week of check history, catalog changes and healthy and failing cards', async ({
    page,
    request,
  }) => {
    // The health page over 7 days: the demo checks have runs there, so uptime is a figure.
    await page.goto('/health?timeRange=1w&hidePassing=false');
    await expect(page.getByRole('columnheader', { name: /Uptime/ })).toContainText('last 7 d');
    const uptimes = page.getByRole('row').filter({ hasText: '%' });
    await expect(uptimes.first()).toBeVisible({ timeout: 60_000 });
    // The oldest stored result is about a week old.
    const oldest = await request.get('/api/db/check_statuses?select=time&order=time.asc&limit=1');
    const [first] = (await oldest.json()) as Array<{ time: string }>;
    expect(Date.now() - Date.parse(first?.time ?? '')).toBeGreaterThan(6 * 86_400_000);

    // Catalog changes are never empty.
    await page.goto('/catalog/changes');
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });

    // Topology cards show real health: some healthy, some not, none left grey. Counted over the
    // cards and the components they list: the topologies are rebuilt on the scheduler's tick
    // after the catalog's first scrape (15 s), which fills in the cluster's namespaces and the
    // deployments the payments card reads; then every top-level card of the demo rolls up
    // something failing, while most of what they list is healthy.
    await page.goto('/topology');
    const cards = page.getByTestId('topology-card');
    await expect(cards.first()).toBeVisible({ timeout: 90_000 });
    await expect(async () => {
      await page.reload();
      await expect(cards.first()).toBeVisible();
      const statuses = await page
        .locator('[data-testid="topology-card"], [data-testid="card-child"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
      expect(statuses).toContain('healthy');
      expect(statuses.some((s) => s === 'unhealthy' || s === 'warning')).toBe(true);
      expect(statuses.filter((s) => !s || s === 'unknown')).toEqual([]);
    }).toPass({ timeout: 45_000 });
  });

  test('a new HTTP check through the guided form, without YAML', async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    await page.goto('/settings/canaries/new');
    await page.getByRole('button', { name: 'HTTP', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`guided-${suffix}`);
    await page.getByRole('textbox', { name: 'Check name', exact: true }).fill(`about-${suffix}`);
    // A typo in the URL is refused at save (a 400 the browser logs), naming the field.
    allowConsoleErrors(/status of 400 \(Bad Request\)/);
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill('htp//localhost');
    await page.getByRole('combobox', { name: 'Schedule' }).selectOption('@every 1m');
    // Its selects and checkboxes look like the app's own controls, not the browser's.
    expect(await platformControls(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('form', { name: 'Health check' }).getByText(/http\.0\.url: not a url/),
    ).toBeVisible();
    await page
      .getByRole('textbox', { name: 'URL', exact: true })
      .fill(`${new URL(page.url()).origin}/api/about`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Health Check created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries\/[0-9a-f-]{36}$/);
    const res = await request.get(`/api/db/canaries?select=schedule,spec&name=eq.guided-${suffix}`);
    const [row] = (await res.json()) as Array<{ schedule: string; spec: { http: Array<{ name: string }> } }>;
    expect(row?.schedule).toBe('@every 1m');
    expect(row?.spec.http[0]?.name).toBe(`about-${suffix}`);
  });

  test('an HTTP check with a header and basic auth, run once before it is saved, without YAML', async ({
    page,
    request,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    // A loopback service that answers 200 only with the header and the credentials.
    const expected = `Basic ${Buffer.from(`probe:s3cret-${suffix}`).toString('base64')}`;
    const target = http.createServer((req, res) => {
      const ok = req.headers['x-tenant'] === suffix && req.headers.authorization === expected;
      res.writeHead(ok ? 200 : 401).end(ok ? 'ok' : 'no');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
      await page.goto('/settings/canaries/new');
      await page.getByRole('button', { name: 'HTTP', exact: true }).click();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`tenant-${suffix}`);
      await page.getByRole('textbox', { name: 'Check name', exact: true }).fill(`tenant-api-${suffix}`);
      await page.getByRole('textbox', { name: 'URL', exact: true }).fill(url);
      await page.getByRole('checkbox', { name: '200', exact: true }).check();

      // Without the header and credentials the service refuses: run once, it fails.
      const results = page.getByRole('region', { name: 'Run once results' });
      await page.getByRole('button', { name: 'Run once' }).click();
      await expect(results.getByText('Fail', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Add to Headers' }).click();
      await page.getByRole('textbox', { name: 'Headers 1 name' }).fill('X-Tenant');
      await page.getByRole('textbox', { name: 'Headers 1 value' }).fill(suffix);
      await page.getByRole('combobox', { name: 'Authentication' }).selectOption('basic');
      await page.getByRole('textbox', { name: 'Username', exact: true }).fill('probe');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`s3cret-${suffix}`);
      await page.getByRole('button', { name: 'Run once' }).click();
      await expect(results.getByText('Pass', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Health Check created successfully')).toBeVisible();
      const res = await request.get(`/api/db/canaries?select=spec&name=eq.tenant-${suffix}`);
      const [row] = (await res.json()) as Array<{ spec: { http: Array<Record<string, unknown>> } }>;
      expect(row?.spec.http[0]).toMatchObject({
        url,
        headers: [{ name: 'X-Tenant', value: suffix }],
        username: 'probe',
      });
    } finally {
      target.close();
    }
  });

  test('a file scraper through the guided form, tried and saved, without YAML', async ({ page, request }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    // Scrapers read only below the file roots: DATA_DIR/files is one by default.
    const files = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'files');
    fs.mkdirSync(files, { recursive: true });
    const dir = fs.mkdtempSync(path.join(files, 'guided-'));
    fs.writeFileSync(
      path.join(dir, 'services.json'),
      JSON.stringify({
        items: [
          { id: `svc-a-${suffix}`, name: `checkout-${suffix}`, kind: 'Service' },
          { id: `svc-b-${suffix}`, name: `payments-${suffix}`, kind: 'Service' },
        ],
      }),
    );
    await page.goto('/settings/config_scrapers/new');
    await page.getByRole('button', { name: 'File', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`guided-files-${suffix}`);
    await page.getByRole('textbox', { name: 'Paths', exact: true }).fill(`${dir}/*.json`);
    await page.getByRole('textbox', { name: 'Items', exact: true }).fill('$.items[*]');
    await page.getByRole('textbox', { name: 'Item ID', exact: true }).fill('$.id');
    await page.getByRole('textbox', { name: 'Item name', exact: true }).fill('$.name');
    await page.getByRole('textbox', { name: 'Item type', exact: true }).fill('$.kind');

    // Try it: the server reads the file once and lists what it would store, storing nothing.
    await page.getByRole('button', { name: 'Try it' }).click();
    const tried = page.getByRole('region', { name: 'Try it results' });
    await expect(tried).toContainText('nothing was saved. 2 items', { timeout: 30_000 });
    await expect(tried.getByRole('listitem').filter({ hasText: `checkout-${suffix}` })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Catalog Scraper created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
    const res = await request.get(`/api/db/config_scrapers?select=spec&name=eq.guided-files-${suffix}`);
    const [row] = (await res.json()) as Array<{ spec: { file: Array<Record<string, unknown>> } }>;
    expect(row?.spec.file[0]).toMatchObject({
      paths: [`${dir}/*.json`],
      items: '$.items[*]',
      id: '$.id',
      name: '$.name',
      type: '$.kind',
    });
  });
});
