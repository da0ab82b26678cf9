import { createCheck, runCheck, startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

test.describe('status pages', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');

  test('a failing check in an incident with a public update → a status page over it → maintenance planned → open it signed out → anything else 404', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `status-${suffix}`;
    try {
      const checkId = await createCheck(request, `e2e-status-${suffix}`, check, target.url);
      target.setOk(false);
      await runCheck(request, checkId, 'unhealthy');

      // An incident about the check, with one ordinary comment and one public update.
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await page.getByRole('button', { name: 'Link to Incident' }).click();
      const link = page.getByRole('dialog', { name: 'Link to Incident' });
      await link.getByLabel('Incident', { exact: true }).fill(`Payments slow ${suffix}`);
      await link.getByRole('button', { name: 'Link', exact: true }).click();
      await page.getByRole('button', { name: 'View incident' }).click();
      await page.getByRole('tab', { name: 'Comments' }).click();
      // Comments are made on a hypothesis: the incident's root one.
      await page.getByRole('combobox', { name: 'Hypothesis' }).selectOption({ index: 1 });
      const comment = page.getByRole('textbox', { name: 'Comment' });
      await comment.fill(`internal: the pool is exhausted ${suffix}`);
      await page.getByRole('button', { name: 'Send' }).click();
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await expect(timeline).toContainText('the pool is exhausted');
      await page.getByRole('combobox', { name: 'Hypothesis' }).selectOption({ index: 1 });
      await comment.fill(`We are looking into slow payments ${suffix}`);
      await page.getByLabel('Public update (shown on status pages)').check();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(timeline).toContainText('We are looking into slow payments');

      // The page, made in Settings, over that one check.
      await page.goto('/settings/status-pages/new');
      const form = page.getByRole('form', { name: 'Status page' });
      await form.getByLabel('Slug').fill(`pay-${suffix}`);
      await form.getByLabel('Title').fill(`Payments ${suffix}`);
      await form.getByLabel('Group 1 name').fill('Payments API');
      await form
        .getByRole('group', { name: 'Selector 1 of group 1' })
        .getByLabel('Name', { exact: true })
        .fill(check);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/created successfully|saved/i).first()).toBeVisible();

      // Maintenance planned for tomorrow over the check: the page announces it.
      const tomorrow = Date.now() + 86_400_000;
      const planned = await request.post('/api/db/maintenance_windows', {
        data: {
          name: `Database move ${suffix}`,
          description: 'Payments pause for a few minutes.',
          starts_at: new Date(tomorrow).toISOString(),
          ends_at: new Date(tomorrow + 3_600_000).toISOString(),
          selectors: [{ name: check, resourceTypes: ['check'] }],
        },
      });
      expect(planned.status(), await planned.text()).toBe(201);

      // Signed out: a fresh browser context with no session.
      const visitor = await browser.newContext();
      try {
        const pub = await visitor.newPage();
        await pub.goto(`/status/pay-${suffix}`);
        const group = pub.getByRole('region', { name: 'Payments API' });
        await expect(group).toBeVisible();
        await expect(group.getByRole('listitem', { name: check })).toBeVisible();
        const active = pub.getByRole('region', { name: 'Active incidents' });
        await expect(active).toContainText(`We are looking into slow payments ${suffix}`);
        await expect(pub.locator('body')).not.toContainText('the pool is exhausted');
        const maintenance = pub.getByRole('region', { name: 'Upcoming maintenance' });
        await expect(maintenance.getByRole('article', { name: `Database move ${suffix}` })).toContainText(
          'Payments pause for a few minutes.',
        );
        // Anything else: the same 404.
        expect((await pub.request.get(`/api/status/no-such-${suffix}`)).status()).toBe(404);
        expect((await pub.request.get(`/api/status/pay-${suffix}/no-such-part`)).status()).toBe(404);
      } finally {
        await visitor.close();
      }
    } finally {
      await target.close();
    }
  });
});
