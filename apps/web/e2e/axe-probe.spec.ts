import AxeBuilder from '@axe-core/playwright';
import { test } from '@playwright/test';
test.use({ viewport: { width: 390, height: 844 } });
test('probe', async ({ page }) => {
  for (const u of ['/settings/jobs', '/settings/canaries/new', '/incidents']) {
  await page.goto(u);
  await page.waitForLoadState('networkidle');
  const r = await new AxeBuilder({ page }).options({ runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] }).analyze();
  for (const v of r.violations) for (const n of v.nodes.slice(0, 6)) console.log(u, n.target.join(' '), '|', n.any[0]?.message, '|', n.html.slice(0, 120));
  }
});
