import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn } from './auth.js';
import { startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/** Types into a CodeMirror editor found by its label, replacing what it holds. */
async function fillEditor(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe('health', () => {
  test.skip(
    AUTH_MODE !== 'builtin' || ADMIN_PASSWORD === '',
    'the journey signs in: npx playwright test -c playwright.builtin.config.ts',
  );

  test('sign in, add an http check from settings, watch it fail then pass, and run it from the panel', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(180_000);
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const canary = `e2e-flip-${suffix}`;
    const check = `flip-${suffix}`;
    try {
      // Signed out, Settings sends the user to sign in and back again.
      allowConsoleErrors(/status of 401 \(Unauthorized\)/);
      await page.goto('/settings/canaries/new');
      await expect(page).toHaveURL(/\/login/);
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await expect(page).toHaveURL(/\/settings\/canaries\/new$/);
      await page.getByRole('button', { name: 'Other (YAML)' }).click();

      // Add the canary from Settings › Health Checks.
      await page.getByLabel('Name', { exact: true }).fill(canary);
      await page.getByLabel('Schedule').selectOption('@every 30s');
      await fillEditor(
        page,
        'Spec',
        `http:\n  - name: ${check}\n    url: ${target.url}\n    responseCodes: [200]\n`,
      );
      // Run once before saving: the server runs the draft's check and shows why it fails.
      await page.getByRole('button', { name: 'Run once' }).click();
      const tried = page.getByRole('region', { name: 'Run once results' });
      const triedCheck = tried.getByRole('listitem', { name: `http check ${check}` });
      await expect(triedCheck.getByText('Fail', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(triedCheck).toContainText('response code 500, expected 200');
      await triedCheck.getByText('Response', { exact: true }).click();
      await expect(triedCheck.getByLabel(`Response of ${check}`)).toContainText('broken');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Health Check created successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/settings\/canaries\/[0-9a-f-]{36}$/);

      // The dashboard (Hide Passing on) shows it failing once it has run.
      const row = page.getByRole('row').filter({ hasText: check });
      await expect(async () => {
        await page.goto(`/health?query=${check}`);
        await expect(row.getByText('Unhealthy')).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 90_000 });
      await expect(page.getByRole('switch', { name: 'Hide Passing' })).toBeChecked();

      // Flip the target, run the check now from its panel: it passes.
      target.setOk(true);
      await row.click();
      await expect(page).toHaveURL(/checkId=/);
      const panel = page.getByRole('dialog');
      await panel.getByRole('button', { name: 'Run Now' }).click();
      await expect(page.getByText('Check ran: passing')).toBeVisible();
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(page).not.toHaveURL(/checkId=/);

      // Passing checks are hidden until Hide Passing is turned off.
      await expect(row).toHaveCount(0);
      await page.getByRole('switch', { name: 'Hide Passing' }).click();
      await expect(row.getByText('Healthy')).toBeVisible();

      // History: both results, filterable by status; Run Now adds a row.
      await row.click();
      const total = panel.getByTestId('history-total');
      await expect(total).toHaveText(/^\d+ results$/);
      const all = Number((await total.textContent())?.split(' ')[0]);
      expect(all).toBeGreaterThanOrEqual(2);
      await panel.getByLabel('Status').selectOption('unhealthy');
      const cells = panel.getByRole('cell');
      await expect(cells.getByRole('img', { name: 'healthy', exact: true })).toHaveCount(0);
      await expect(cells.getByRole('img', { name: 'unhealthy', exact: true }).first()).toBeVisible();
      await panel.getByLabel('Status').selectOption('healthy');
      await expect(panel.getByRole('cell').getByRole('img', { name: 'unhealthy', exact: true })).toHaveCount(
        0,
      );
      const healthyBefore = Number((await total.textContent())?.split(' ')[0]);
      expect(healthyBefore).toBeGreaterThanOrEqual(1);
      await panel.getByRole('button', { name: 'Run Now' }).click();
      await expect(total).toHaveText(`${healthyBefore + 1} results`);
    } finally {
      await target.close();
    }
  });
});
