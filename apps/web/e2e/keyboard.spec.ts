import type { Page } from '@playwright/test';
import { createCheck, runCheck, startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/**
 * Tab forward until the focused element has this accessible name (role and name as a user's
 * screen reader says them); fails when Tab never reaches it — the control is then out of a
 * keyboard user's reach.
 */
async function tabTo(page: Page, role: Role, name: string, maxTabs = 80): Promise<void> {
  await pressUntil(page, 'Tab', role, name, maxTabs);
}

type Role = Parameters<Page['getByRole']>[0];

/**
 * Presses `key` until the focused element is this role and name. After each press it waits for
 * focus to move (up to half a second): a roving-focus group moves it after the key event, and a
 * busy machine would otherwise be read one element behind.
 */
async function pressUntil(page: Page, key: string, role: Role, name: string, max: number): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  for (let i = 0; i < max; i++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press(key);
    await page
      .waitForFunction((el) => document.activeElement !== el, before, { timeout: 500 })
      .catch(() => {}); // focus may stay put (the last element of a group): read it anyway
    await before.dispose();
    const matches = await target.evaluateAll((els) => els.some((e) => e === document.activeElement));
    if (matches) return;
  }
  throw new Error(`${key} never reached the ${role} '${name}'`);
}

/**
 * A newcomer without a mouse adds a health check and a notification rule, and a responder runs a
 * playbook on a failing check and links it to an incident: Tab, Enter, arrows, typing.
 */
test.describe('keyboard only', () => {
  test.skip(AUTH_MODE !== 'none', 'writes without signing in (AUTH_MODE=none)');

  test('adds an HTTP health check from the health page without touching the mouse', async ({
    page,
    request,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    await page.goto('/health');
    await tabTo(page, 'link', 'Add Health Check');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/canaries\/new$/);

    await tabTo(page, 'button', 'HTTP');
    await page.keyboard.press('Enter');
    await tabTo(page, 'textbox', 'Name');
    await page.keyboard.type(`keys-${suffix}`);
    await tabTo(page, 'textbox', 'Check name');
    await page.keyboard.type(`keys-about-${suffix}`);
    await tabTo(page, 'textbox', 'URL');
    await page.keyboard.type(`${new URL(page.url()).origin}/api/about`);
    await tabTo(page, 'button', 'Save');
    await page.keyboard.press('Enter');

    await expect(page.getByText('Health Check created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries\/[0-9a-f-]{36}$/);
    const res = await request.get(`/api/db/canaries?select=spec&name=eq.keys-${suffix}`);
    const [row] = (await res.json()) as Array<{ spec: { http: Array<{ name: string; url: string }> } }>;
    expect(row?.spec.http[0]?.name).toBe(`keys-about-${suffix}`);
  });

  test('creates a notification rule: name, an event from the list, an email recipient, save', async ({
    page,
    request,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    await page.goto('/notifications/rules');
    await tabTo(page, 'button', 'Create Notification');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Notification' });
    await expect(dialog).toBeVisible();

    await tabTo(page, 'textbox', 'Name');
    await page.keyboard.type(`keys-rule-${suffix}`);
    // The events list opens on Enter with its search focused; Tab reaches the option.
    await tabTo(page, 'button', 'Events');
    await page.keyboard.press('Enter');
    await page.keyboard.type('check.failed');
    await tabTo(page, 'option', 'check.failed', 5);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    // The recipient kinds are one stop for Tab; arrows move between them, Space chooses.
    await tabTo(page, 'radio', 'Person');
    await pressUntil(page, 'ArrowRight', 'radio', 'Others', 3);
    await page.keyboard.press('Space');
    await tabTo(page, 'textbox', 'Email');
    await page.keyboard.type(`keys-${suffix}@example.com`);
    // A repeat interval is required: the quick choices are buttons.
    await tabTo(page, 'button', '1h');
    await page.keyboard.press('Enter');
    await tabTo(page, 'button', 'Save');
    await page.keyboard.press('Enter');

    await expect(page.getByText('Notification created successfully')).toBeVisible();
    const res = await request.get(
      `/api/db/notifications?select=id,events,repeat_interval&name=eq.keys-rule-${suffix}`,
    );
    const [row] = (await res.json()) as Array<{ id: string; events: string[]; repeat_interval: string }>;
    expect(row).toMatchObject({ events: ['check.failed'], repeat_interval: '1h' });
    // It would mail every failing check of the journeys after this one.
    expect((await request.delete(`/api/db/notifications?id=eq.${row?.id ?? ''}`)).ok()).toBe(true);
  });

  test("runs a playbook on a failing check, then links the check to a new incident, from the check's panel", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `keys-failing-${suffix}`;
    const title = `Keys restart ${suffix}`;
    let playbookId = '';
    try {
      const checkId = await createCheck(request, `keys-canary-${suffix}`, check, target.url);
      await runCheck(request, checkId, 'unhealthy');
      const created = await request.post('/api/db/playbooks', {
        headers: { Prefer: 'return=representation' },
        data: {
          name: `keys-restart-${suffix}`,
          title,
          source: 'UI',
          spec: {
            checks: [{ types: ['http'] }],
            actions: [{ name: 'say', exec: { script: 'echo "restarting {{.check.name}}"' } }],
          },
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      playbookId = ((await created.json()) as Array<{ id: string }>)[0]?.id ?? '';

      // The panel's Playbooks menu: Enter opens it, arrows reach the playbook, Enter picks it.
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await tabTo(page, 'button', 'Playbooks');
      await page.keyboard.press('Enter');
      await pressUntil(page, 'ArrowDown', 'menuitem', title, 20);
      await page.keyboard.press('Enter');
      const run = page.getByRole('dialog', { name: `Run ${title}` });
      await expect(run).toBeVisible();
      await tabTo(page, 'button', 'Run', 30);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('run-status')).toContainText('Completed', { timeout: 60_000 });
      await expect(page.getByTestId('step-output')).toContainText(`restarting ${check}`, {
        timeout: 30_000,
      });

      // Back on the check: Link to Incident, a new incident's title, Link.
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await tabTo(page, 'button', 'Link to Incident');
      await page.keyboard.press('Enter');
      const link = page.getByRole('dialog', { name: 'Link to Incident' });
      await expect(link).toBeVisible();
      await tabTo(page, 'textbox', 'Incident', 20);
      await page.keyboard.type(`Keys outage ${suffix}`);
      await tabTo(page, 'button', 'Link', 20);
      await page.keyboard.press('Enter');
      await expect(page.getByText('Linked to incident successfully')).toBeVisible();
      // The check panel holds focus while open: Escape closes it, then Alt+T (the toasts' region
      // says so) takes focus to the toast that offers the incident.
      await page.keyboard.press('Escape');
      // Closed, and its focus given back, before Alt+T: a trap still open pulls focus back to it.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.keyboard.press('Alt+T');
      await tabTo(page, 'button', 'View incident', 10);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}/);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
        `Keys outage ${suffix}`,
      );
    } finally {
      await target.close();
      if (playbookId)
        await request.patch(`/api/db/playbooks?id=eq.${playbookId}`, {
          data: { deleted_at: new Date().toISOString() },
        });
    }
  });
});
