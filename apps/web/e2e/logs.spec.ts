import type { APIRequestContext } from '@playwright/test';
import { AUTH_MODE, expect, test } from './fixtures.js';

type Row = { id: string; name: string };

/** Builds the storefront topology now (the demo's Checkout component has the log selectors). */
async function buildStorefront(request: APIRequestContext): Promise<string> {
  const [topology] = (await (
    await request.get('/api/db/topologies?select=id,name&name=eq.storefront')
  ).json()) as Row[];
  const res = await request.post(`/api/topology/run/${topology!.id}`);
  // 409: the scheduler is building it right now, which is just as good.
  expect([200, 409]).toContain(res.status());
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get('/api/db/components_with_logs?select=id,name&name=eq.Checkout')
          ).json()) as Row[]
        ).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const [root] = (await (
    await request.get('/api/db/components?select=id,name&name=eq.storefront&parent_id=is.null')
  ).json()) as Row[];
  return root!.id;
}

test.describe('logs', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey runs without sign-in (AUTH_MODE=none)');

  test('View Logs on the Checkout card → its nginx lines from the demo file backend → the search narrows them', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const storefront = await buildStorefront(page.request);

    await page.goto(`/topology/${storefront}`);
    await page.getByRole('button', { name: 'Actions for Checkout' }).click();
    await page.getByRole('menuitem', { name: 'View Logs' }).click();
    await expect(page).toHaveURL(/\/logs\?topologyId=[0-9a-f-]{36}$/);

    // The component and its first selector are chosen; the demo's access log shows, newest first.
    await expect(page.getByRole('combobox', { name: 'Component' })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(page.getByRole('combobox', { name: 'Selector' })).toHaveValue('access');
    const rows = page.locator('tbody tr[data-index]');
    await expect(rows.first()).toContainText('HTTP/1.1', { timeout: 30_000 });
    const before = await rows.count();
    expect(before).toBeGreaterThan(5);
    await expect(rows.first()).toContainText('path: ');

    // The search goes to the URL after 500 ms and only matching lines stay.
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('checkout/pay');
    await expect(page).toHaveURL(/query=checkout%2Fpay/);
    await expect(async () => {
      const texts = await rows.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.length).toBeLessThan(before);
      for (const t of texts) expect(t.toLowerCase()).toContain('checkout/pay');
    }).toPass({ timeout: 30_000 });

    // Nothing matches: the spec's empty text.
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('no-such-line-anywhere');
    await expect(page.getByText('There are no logs matching the search query')).toBeVisible({
      timeout: 30_000,
    });

    // The error selector reads the other file.
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('');
    await page.getByRole('combobox', { name: 'Selector' }).selectOption('error');
    await page.getByRole('combobox', { name: 'Start' }).selectOption('1d');
    await expect(page).toHaveURL(/logsSelector=error/);
    await expect(rows.first()).toContainText('nginx-error.log', { timeout: 30_000 });

    // Without a component the page asks for one.
    await page.getByRole('combobox', { name: 'Component' }).selectOption('');
    await expect(page.getByText('Please select a component to view the logs')).toBeVisible();
  });
});
