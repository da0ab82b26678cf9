import { expect, test } from './fixtures.js';

/** An iPhone-sized screen: every page must fit its width (issue 17, item 4). */
test.use({ viewport: { width: 390, height: 844 } });

const PAGES = [
  '/topology',
  '/health',
  '/catalog',
  '/catalog/changes',
  '/incidents',
  '/incidents/first',
  '/notifications',
  '/settings/connections',
  '/settings/jobs',
];

test.describe('on a phone', () => {
  for (const path of PAGES) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      if (path === '/incidents/first') {
        // The demo's open incident, from the list.
        await page.goto('/incidents');
        await page.getByRole('row').filter({ hasText: 'INC-' }).first().click();
        await expect(page.getByRole('tab', { name: 'Action Plan' })).toBeVisible();
      } else await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => ({
        inner: window.innerWidth,
        html: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.html, 'document scroll width').toBeLessThanOrEqual(widths.inner);
      expect(widths.body, 'body scroll width').toBeLessThanOrEqual(widths.inner);
    });
  }

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
});
