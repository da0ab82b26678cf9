import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

/**
 * Screenshots of the main pages at 1440 px and 390 px, light and dark, for a reviewer to look
 * at: written to apps/web/e2e/screenshots/ (git-ignored) on every e2e run. Only a page that
 * fails to load fails this spec.
 */
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

const PAGES: [string, string][] = [
  ['topology', '/topology'],
  ['health', '/health'],
  ['catalog', '/catalog'],
  ['catalog-changes', '/catalog/changes'],
  ['incidents', '/incidents'],
  ['notifications', '/notifications'],
  ['settings-jobs', '/settings/jobs'],
];

const SIZES = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`screenshots ${size.name} px ${scheme}`, () => {
      test.use({ viewport: size.viewport, colorScheme: scheme });
      test('main pages', async ({ page }) => {
        for (const [name, url] of PAGES) {
          await page.goto(url);
          await expect(page.getByRole('main')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.screenshot({
            path: path.join(OUT, `${name}-${size.name}-${scheme}.png`),
            fullPage: true,
          });
        }
        // One incident page: the demo's open incident, from the list.
        await page.goto('/incidents');
        await page.getByRole('row').filter({ hasText: 'INC-' }).first().click();
        await page.getByRole('tab', { name: 'Action Plan' }).click();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: path.join(OUT, `incident-${size.name}-${scheme}.png`),
          fullPage: true,
        });
      });
    });
  }
}
