import { createCheck, runCheck, startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';
import { startSmtpSink } from './smtp-sink.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as a datetime-local value in this machine's zone (the browser's too). */
const local = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

test.describe('maintenance windows', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');

  test('a window over a failing check: no notification, no incident, uptime spared, the badge, start and end mails', async ({
    page,
    request,
  }) => {
    test.setTimeout(420_000);
    const sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT));
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `maint-${suffix}`;
    const oncall = `oncall-${suffix}@example.com`;
    const ops = `ops-${suffix}@example.com`;
    try {
      const checkId = await createCheck(request, `e2e-maint-${suffix}`, check, target.url);
      target.setOk(true);
      await runCheck(request, checkId, 'healthy');

      // A rule that would mail this check's failures, and an incident rule that would open one.
      const rule = await request.post('/api/db/notifications', {
        headers: { Prefer: 'return=representation' },
        data: {
          name: `e2e-maint-${suffix}`,
          namespace: 'default',
          spec: { events: ['check.failed'], to: { email: oncall }, filter: `check.name == '${check}'` },
        },
      });
      expect(rule.ok(), await rule.text()).toBe(true);
      const incidentRule = await request.post('/api/db/incident_rules', {
        headers: { Prefer: 'return=representation' },
        data: {
          name: `e2e-maint-${suffix}`,
          spec: { checks: [{ name: check }], filter: { status: ['unhealthy'] } },
        },
      });
      expect(incidentRule.ok(), await incidentRule.text()).toBe(true);
      const incidentRuleId = ((await incidentRule.json()) as Array<{ id: string }>)[0]?.id ?? '';

      // Schedule a one-off window over the check in Settings › Maintenance, ending in about 2 minutes.
      const now = Date.now();
      const ends = new Date(now + 150_000);
      await page.goto('/settings/maintenance');
      await page.getByRole('button', { name: 'Add Maintenance Window' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Maintenance Window' });
      await dialog.getByLabel('Name', { exact: true }).fill(`e2e window ${suffix}`);
      await dialog.getByLabel('Recurring (cron schedule)').uncheck();
      await dialog.getByLabel('Starts').fill(local(new Date(now - 60_000)));
      await dialog.getByLabel('Ends').fill(local(ends));
      await dialog.getByLabel('Name (* wildcards)').fill(check);
      await dialog.getByLabel(/^Notify/).fill(ops);
      await dialog.getByLabel('End message').fill(`The work on ${check} is done.`);
      await expect(dialog.getByRole('region', { name: 'Next occurrences' }).locator('li')).toHaveCount(1);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Maintenance window added')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: `e2e window ${suffix}` })).toContainText(
        'active until',
      );

      // The start message goes out (the job runs every 15 s).
      await expect
        .poll(() => sink.mails.filter((m) => m.to.includes(ops)).map((m) => m.subject), { timeout: 60_000 })
        .toEqual([`Maintenance started: e2e window ${suffix}`]);

      // The check fails during the window: held, not sent; no incident.
      target.setOk(false);
      await runCheck(request, checkId, 'unhealthy');
      const held = page.getByRole('row').filter({ hasText: check }).filter({ hasText: 'maintenance' });
      await expect(async () => {
        await page.goto('/notifications?resourceType=check');
        await expect(held.first()).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 90_000 });
      expect(sink.mails.filter((m) => m.to.includes(oncall))).toEqual([]);
      const incidents = await request.get(
        `/api/db/incidents?select=id&incident_rule_id=eq.${incidentRuleId}`,
      );
      expect(await incidents.json()).toEqual([]);

      // The failure is kept, marked, and out of the uptime: passes only, no failure.
      const statuses = await request.get(
        `/api/db/check_statuses?select=status,maintenance&check_id=eq.${checkId}&order=time.asc`,
      );
      const rows = (await statuses.json()) as Array<{ status: boolean; maintenance: boolean }>;
      expect(rows.filter((r) => !r.status)).toEqual([{ status: false, maintenance: true }]);
      const passes = rows.filter((r) => r.status && !r.maintenance).length;
      expect(passes).toBeGreaterThan(0);
      const summary = await request.get(`/api/canary/api/summary?check_id=${checkId}`);
      const body = (await summary.json()) as {
        checks_summary: Array<{ uptime: { passed: number; failed: number } }>;
      };
      expect(body.checks_summary[0]?.uptime).toMatchObject({ passed: passes, failed: 0 });

      // The dashboard and the check panel show the badge.
      await page.goto(`/health?query=${check}`);
      await expect(page.getByText(/^Maintenance until /).first()).toBeVisible();
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await expect(page.getByRole('dialog').getByText(/^Maintenance until /)).toBeVisible();

      // After the window the end message arrives.
      await expect
        .poll(() => sink.mails.filter((m) => m.to.includes(ops)).map((m) => m.subject), {
          timeout: Math.max(60_000, ends.getTime() - Date.now() + 90_000),
          intervals: [5_000],
        })
        .toEqual([`Maintenance started: e2e window ${suffix}`, `Maintenance ended: e2e window ${suffix}`]);
      expect(sink.mails.find((m) => m.subject.startsWith('Maintenance ended'))?.text).toContain(
        `The work on ${check} is done.`,
      );
    } finally {
      await target.close();
      await sink.close();
    }
  });
});
