import type { Page } from '@playwright/test';
import { createCheck, runCheck, startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';
import { startSmtpSink } from './smtp-sink.js';

/** The history filtered to this check's rule shows a row of the given status. */
async function expectHistoryStatus(page: Page, check: string, status: string) {
  const row = page.getByRole('row').filter({ hasText: check }).filter({ hasText: status });
  await expect(async () => {
    await page.goto('/notifications?resourceType=check');
    await expect(row.first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
}

test.describe('notifications', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');

  test('rule for check.failed → mail sent → silence from the check panel → silenced → delete the silence', async ({
    page,
    request,
  }) => {
    // The second failure must come after the rule's shortest repeat interval (3m), or it is 'Repeated'.
    test.setTimeout(480_000);
    const sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT));
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `notify-${suffix}`;
    const email = `oncall-${suffix}@example.com`;
    try {
      const checkId = await createCheck(request, `e2e-notify-${suffix}`, check, target.url);
      // The first run of a new canary may fail before the rule exists: start from healthy.
      target.setOk(true);
      await runCheck(request, checkId, 'healthy');

      // A rule for this check's failures, to an email address.
      await page.goto('/notifications/rules');
      await page.getByRole('button', { name: 'Create Notification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Notification' });
      await dialog.getByLabel('Name', { exact: true }).fill(`e2e-${suffix}`);
      await dialog.getByRole('button', { name: /^Events/ }).click();
      await page.getByRole('option', { name: 'check.failed' }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('radio', { name: 'Others' }).click();
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      await dialog.getByLabel('Filter').fill(`check.name == '${check}'`);
      await dialog.getByRole('combobox', { name: 'Repeat Interval' }).selectOption('3m');
      // Tried before it is saved: the message about this check (the one the filter lets through)
      // goes to the address now, and nothing is stored.
      await dialog.getByRole('button', { name: 'Send test' }).click();
      const tried = dialog.getByRole('region', { name: 'Test message' });
      await expect(tried).toContainText(`about the health check ${check}`);
      await expect(tried).toContainText(`Sent to ${email}`);
      await expect
        .poll(() => sink.mails.filter((m) => m.to.includes(email)).length, { timeout: 30_000 })
        .toBe(1);
      const testMail = sink.mails.find((m) => m.to.includes(email));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Notification created successfully')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: `e2e-${suffix}` })).toBeVisible();

      // The check fails: the history shows 'sent' and the mail is in the sink.
      target.setOk(false);
      await runCheck(request, checkId, 'unhealthy');
      const sentAt = Date.now();
      await expectHistoryStatus(page, check, 'sent');
      await expect
        .poll(() => sink.mails.filter((m) => m.to.includes(email)).length, { timeout: 30_000 })
        .toBe(2);
      const mail = sink.mails.filter((m) => m.to.includes(email))[1];
      expect(`${mail?.subject} ${mail?.text}`).toContain(check);
      // The test said what the saved rule then sent.
      expect(mail?.subject).toBe(testMail?.subject);

      // The details dialog: recipient, the rule link, the body.
      await page.getByRole('row').filter({ hasText: check }).filter({ hasText: 'sent' }).first().click();
      const details = page.getByRole('dialog', { name: 'Notification details' });
      await expect(details.getByText(email)).toBeVisible();
      await expect(details.getByRole('link', { name: `e2e-${suffix}` })).toHaveAttribute(
        'href',
        /\/notifications\/rules\?id=/,
      );
      await expect(details.getByLabel('Body')).toContainText(check);
      await page.keyboard.press('Escape');

      // Silence the check from its panel on the health page.
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await page.getByRole('link', { name: 'Silence' }).click();
      await expect(page).toHaveURL(new RegExp(`/notifications/silences/add\\?check_id=${checkId}`));
      await expect(page.getByRole('combobox', { name: 'Check' })).toHaveValue(checkId);
      await expect(page.getByRole('region', { name: 'Matched resources' })).toContainText(check);
      await page.getByRole('combobox', { name: 'Silence Duration' }).selectOption('1h');
      await page.getByLabel('Reason').fill(`e2e maintenance ${suffix}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/notifications\/silences$/);
      const silenceRow = page.getByRole('row').filter({ hasText: `e2e maintenance ${suffix}` });
      await expect(silenceRow).toBeVisible();
      await expect(silenceRow.getByText(`e2e maintenance ${suffix}`)).not.toHaveClass(/line-through/);

      // Recover, then fail again once the repeat interval is over: the send is 'silenced', no mail.
      target.setOk(true);
      await runCheck(request, checkId, 'healthy');
      await page.waitForTimeout(Math.max(0, sentAt + 185_000 - Date.now()));
      target.setOk(false);
      await runCheck(request, checkId, 'unhealthy');
      await expectHistoryStatus(page, check, 'silenced');
      expect(sink.mails.filter((m) => m.to.includes(email))).toHaveLength(2);

      // Delete the silence (with confirmation): it leaves the list.
      await page.goto('/notifications/silences');
      await silenceRow.getByRole('button', { name: 'Delete silence' }).click();
      await page
        .getByRole('dialog', { name: 'Delete Silence' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByText('Silence deleted successfully')).toBeVisible();
      await expect(silenceRow).toHaveCount(0);

      // A silence whose window is over is struck through.
      const expired = await request.post('/api/notification/silence', {
        data: {
          from: 'now-2d',
          until: 'now-1d',
          description: `e2e expired ${suffix}`,
          recursive: false,
          namespace: 'default',
          source: 'UI',
          check_id: checkId,
        },
      });
      expect(expired.status(), await expired.text()).toBe(201);
      await page.reload();
      const expiredRow = page.getByRole('row').filter({ hasText: `e2e expired ${suffix}` });
      await expect(expiredRow.getByText(`e2e expired ${suffix}`)).toHaveClass(/line-through/);
    } finally {
      await target.close();
      await sink.close();
    }
  });
});
