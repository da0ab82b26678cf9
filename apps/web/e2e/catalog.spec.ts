import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * The catalog journey (issue 6): a file scraper added from settings over a folder this test
 * writes, run from the UI, its items in the summary and detail, a change made on disk shown
 * with its diff, a change-type filter from a clickable cell, and the relationships graph.
 */
const suffix = Math.random().toString(36).slice(2, 8);
const ns = `e2e-${suffix}`;
const widget = `widget-${suffix}`;
const kind = 'E2EWidget';
const type = `Kubernetes::${kind}`;

function manifests(dir: string, color: string) {
  fs.writeFileSync(
    path.join(dir, 'namespace.yaml'),
    `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${ns}\n  uid: ns-${suffix}\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'widget.yaml'),
    `apiVersion: e2e.opsdeck.dev/v1\nkind: ${kind}\nmetadata:\n  name: ${widget}\n  namespace: ${ns}\n  uid: w-${suffix}\n  labels:\n    topology.kubernetes.io/region: eu-west-1\n    topology.kubernetes.io/zone: eu-west-1a\nspec:\n  replicas: 2\n  color: ${color}\n`,
  );
}

/** Run now; the scheduler may be running the scraper already (409), so try again then. */
async function runNow(page: Page) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.getByRole('button', { name: 'Run now' }).click();
    const done = page.getByText(/Scraped \d+ configs/).first();
    const busy = page.getByText(/already running|busy/i).first();
    await expect(done.or(busy)).toBeVisible({ timeout: 60_000 });
    if (await done.isVisible()) return;
    await page.waitForTimeout(1000);
  }
  throw new Error('the scraper stayed busy');
}

test('a file scraper: add, run, browse, change on disk, see the diff, filter, graph', async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(240_000);
  allowConsoleErrors(/409|Conflict/);
  // Scrapers read only below the file roots: DATA_DIR/files is one by default.
  const files = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'files');
  fs.mkdirSync(files, { recursive: true });
  const dir = fs.mkdtempSync(path.join(files, 'catalog-e2e-'));
  manifests(dir, 'blue');

  // Add the scraper from settings.
  await page.goto('/settings/config_scrapers/new');
  // The guided form asks for the kind first; this journey types its own YAML.
  await page.getByRole('button', { name: 'Other (YAML)' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`e2e-files-${suffix}`);
  const spec = page.getByRole('textbox', { name: 'Spec' });
  const typeSpec = async (text: string) => {
    await spec.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
  };
  await typeSpec(`file:\n- paths:\n  - ${dir}/*.yaml\n`);
  // Try it before saving: the server reads the files once and lists the items, storing nothing.
  await page.getByRole('button', { name: 'Try it' }).click();
  const tried = page.getByRole('region', { name: 'Try it results' });
  await expect(tried).toContainText('nothing was saved. 2 items', { timeout: 30_000 });
  await expect(tried.getByRole('listitem').filter({ hasText: widget })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Catalog Scraper created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
  const scraperUrl = page.url();

  await runNow(page);

  // The summary shows the new type; its row opens the list for that type.
  await page.goto('/catalog');
  const row = page.getByRole('row').filter({ hasText: type });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(
    new RegExp(`configType=${encodeURIComponent(type).replace(/%3A/g, '(%3A|:)')}`),
  );
  await page.getByRole('row').filter({ hasText: widget }).click();
  await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
  const itemUrl = page.url();
  await expect(page.getByRole('textbox', { name: 'Config' })).toContainText('color: blue');
  const details = page.getByLabel('Config details');
  await expect(details.getByRole('definition').filter({ hasText: new RegExp(`^${ns}$`) })).toBeVisible();
  await expect(page.locator('[data-group="region/zone"]')).toContainText('eu-west-1a');

  // Change the file on disk and run again.
  manifests(dir, 'green');
  await page.goto(scraperUrl);
  await runNow(page);

  // The item's Changes tab lists the diff; its dialog shows the unified diff.
  await page.goto(`${itemUrl}/changes`);
  const change = page.getByRole('row').filter({ hasText: 'diff' }).first();
  await expect(change).toBeVisible();
  // Cell values filter; the row itself (here its time cell) opens the details.
  await change.getByRole('cell').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Diff')).toContainText('-  color: blue');
  await expect(dialog.getByLabel('Diff')).toContainText('+  color: green');
  await page.keyboard.press('Escape');

  // /catalog/changes lists it too; a click on the type cell filters by change type.
  await page.goto('/catalog/changes');
  const listed = page.getByRole('row').filter({ hasText: widget }).first();
  await expect(listed).toBeVisible();
  await listed.getByRole('button', { name: 'diff' }).click();
  await expect(page).toHaveURL(/changeType=diff/);
  await expect(page.getByLabel('Active filters')).toContainText('Change type: diff');
  await expect(page.getByRole('row').filter({ hasText: widget }).first()).toBeVisible();

  // The relationships graph shows the item and its namespace.
  await page.goto(`${itemUrl}/relationships?view=graph`);
  const graph = page.getByRole('figure', { name: 'Relationship graph' });
  await expect(graph.getByTestId('graph-config-node').filter({ hasText: ns })).toBeVisible();
  await expect(graph.getByTestId('graph-config-node').filter({ hasText: widget })).toBeVisible();

  fs.rmSync(dir, { recursive: true, force: true });
});

test("a catalog item's Checks tab lists its linked checks, as its badge counts them, and opens a check", async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The demo's legacy-billing-api check links itself to the payments-api deployment. Links are
  // re-resolved every 5 minutes and whenever the canary is saved: once the demo catalog has the
  // deployment, saving the payments canary as it is links it now.
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get('/api/db/config_items?select=id&name=eq.payments-api&deleted_at=is.null')
          ).json()) as unknown[]
        ).length,
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
  const [canary] = (await (
    await page.request.get('/api/db/canaries?select=id,labels&name=eq.payments&deleted_at=is.null')
  ).json()) as Array<{ id: string; labels: Record<string, string> }>;
  expect(canary, 'the demo payments canary').toBeTruthy();
  const saved = await page.request.patch(`/api/db/canaries?id=eq.${canary!.id}`, {
    data: { labels: canary!.labels },
  });
  expect(saved.ok()).toBe(true);
  type Linked = { config_id: string; name: string };
  let linked: Linked | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          '/api/db/check_summary_for_config?select=config_id,name&name=eq.legacy-billing-api',
        );
        linked = ((await res.json()) as Linked[])[0];
        return linked?.config_id;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await page.goto(`/catalog/${linked!.config_id}/checks`);
  const tab = page.getByRole('tab', { name: /Checks/ });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('row').filter({ hasText: 'legacy-billing-api' });
  await expect(rows).toHaveCount(1);
  // The badge counts the rows the tab lists.
  const listed = await page.getByRole('tabpanel').getByRole('row').count();
  await expect(tab).toContainText(String(listed - 1));
  await rows.click();
  const modal = page.getByRole('dialog').filter({ hasText: 'legacy-billing-api' });
  await expect(modal.getByRole('tab', { name: 'History' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});
