import type { Locator, Page, Response } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn } from './auth.js';
import { AUTH_MODE, expect, test } from './fixtures.js';
import { startJourneyPostgres, type JourneyPostgres } from './postgres.js';

/**
 * The connections journey (issue 15): an admin stores a PostgreSQL connection, tests it against
 * a real server, breaks and mends its password, uses it from a health check by
 * connection://, and a viewer sees the list — no response to either browser carries a secret.
 */
const suffix = Math.random().toString(36).slice(2, 8);
const NAME = `e2e-pg-${suffix}`;
const CHECK = `pg-by-ref-${suffix}`;
const PASSWORD = `pg-secret-${suffix}-Zq8`;
const WRONG_PASSWORD = `wrong-secret-${suffix}-Xk3`;

/** Every response body a page receives, to look for secrets in once the journey is done. */
function recordBodies(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (res: Response) => {
    // Redirects and aborted loads have no body to read.
    bodies.push(res.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

/** A form's text field by its caption (after a failed save its name goes on with the message). */
function textbox(scope: Locator, caption: string): Locator {
  return scope.getByRole('textbox', { name: new RegExp(`^${caption}( |$)`) });
}

async function testConnection(page: Page) {
  await page.getByRole('button', { name: 'Test Connection' }).click();
  const results = page.getByRole('dialog', { name: 'Test Connection Results' });
  await expect(results.getByRole('status')).toBeVisible({ timeout: 30_000 });
  return results;
}

async function closeResults(page: Page) {
  const results = page.getByRole('dialog', { name: 'Test Connection Results' });
  await results.getByRole('button', { name: 'Close' }).last().click();
  await expect(results).toHaveCount(0);
}

test.describe('connections', () => {
  test.skip(
    AUTH_MODE !== 'builtin' || ADMIN_PASSWORD === '',
    'the journey signs in: npx playwright test -c playwright.builtin.config.ts',
  );

  let pg: JourneyPostgres | undefined;
  test.beforeAll(async () => {
    pg = await startJourneyPostgres(PASSWORD);
  });
  test.afterAll(() => pg?.stop());

  test('an admin stores, tests and uses a PostgreSQL connection; a viewer sees only the list', async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    test.setTimeout(240_000);
    if (!pg) throw new Error('no PostgreSQL');
    // Signed-out visits are answered 401 before the login page.
    allowConsoleErrors(/status of 401 \(Unauthorized\)/);
    // Test Connection with the wrong password is a 400 the browser logs.
    allowConsoleErrors(/status of 400 \(Bad Request\)/);
    const adminBodies = recordBodies(page);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Settings › Connections, Add: the type picker, then the Postgres form.
    await page.goto('/settings/connections');
    await expect(page.getByRole('columnheader', { name: 'Namespace' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Connection' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Add Connection' });
    await picker.getByRole('textbox', { name: 'Search connection types' }).fill('postg');
    await picker.getByRole('button', { name: 'Postgres' }).click();
    const form = page.getByRole('dialog', { name: 'Add Postgres Connection' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required').first()).toBeVisible();
    await textbox(form, 'Name').fill(NAME);
    await expect(textbox(form, 'Namespace')).toHaveValue('default');
    await textbox(form, 'URL').fill(pg.url);
    await textbox(form, 'Username').fill(pg.user);
    // Tested before it is saved: a wrong password is the server's error, the right one passes.
    await form.getByLabel(/^Password/).fill(WRONG_PASSWORD);
    let results = await testConnection(page);
    await expect(results.getByRole('status')).toContainText('password authentication failed');
    await closeResults(page);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    results = await testConnection(page);
    await expect(results.getByRole('status')).toHaveText('Connection successful');
    await closeResults(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connection added successfully')).toBeVisible();

    // The stored connection stays open: test it against the real server.
    const editor = page.getByRole('dialog', { name: 'Edit Postgres Connection' });
    await expect(editor.getByLabel(/^Password/)).toHaveAttribute('placeholder', '***');
    results = await testConnection(page);
    await expect(results.getByRole('status')).toHaveText('Connection successful');
    await expect(results.getByLabel('Details')).toContainText('PostgreSQL');
    await closeResults(page);

    // Break the password, test again: the server's error is shown.
    await editor.getByLabel(/^Password/).fill(WRONG_PASSWORD);
    await editor.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully')).toBeVisible();
    await expect(editor).toHaveCount(0);
    await page.getByRole('cell', { name: NAME }).click();
    await expect(editor.getByLabel(/^Password/)).toHaveValue('');
    results = await testConnection(page);
    await expect(results.getByRole('status')).toContainText('password authentication failed');
    await closeResults(page);

    // Mend it; leaving the other fields alone keeps the stored username.
    await editor.getByLabel(/^Password/).fill(PASSWORD);
    await editor.getByRole('button', { name: 'Update' }).click();
    // The first update's toast may still be showing: the test below proves this one.
    await expect(editor).toHaveCount(0);
    await page.getByRole('cell', { name: NAME }).click();
    results = await testConnection(page);
    await expect(results.getByRole('status')).toHaveText('Connection successful');
    await closeResults(page);
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);

    // A new health check uses it by reference, through the guided form (the field offers the
    // stored connection), passes a run before it is saved, and keeps passing.
    await page.goto('/settings/canaries/new');
    await page.getByRole('button', { name: 'Postgres', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(`e2e-conn-${suffix}`);
    await page.getByLabel('Schedule').selectOption('@every 30s');
    await page.getByRole('textbox', { name: 'Check name', exact: true }).fill(CHECK);
    const connection = page.getByRole('combobox', { name: 'Connection', exact: true });
    const offered = page.locator(`datalist option[value="connection://default/${NAME}"]`);
    await expect(offered).toHaveCount(1);
    await connection.fill(`connection://default/${NAME}`);
    await page.getByRole('textbox', { name: 'Query', exact: true }).fill('SELECT 1');
    await page.getByRole('button', { name: 'Run once' }).click();
    await expect(
      page.getByRole('region', { name: 'Run once results' }).getByText('Pass', { exact: true }).first(),
    ).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Health Check created successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: CHECK });
    await expect(async () => {
      await page.goto(`/health?query=${CHECK}&hidePassing=false`);
      await expect(row.getByText('Healthy')).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 90_000 });

    // A viewer (invited by the admin) sees the list, read-only.
    const link = await page.evaluate(async (email) => {
      const res = await fetch('/api/auth/invite_user', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Vic', lastName: 'Viewer', email, role: 'viewer' }),
      });
      return ((await res.json()) as { link: string }).link;
    }, `vic.${suffix}@example.com`);
    const ctx = await browser.newContext();
    const viewer = await ctx.newPage();
    const viewerBodies = recordBodies(viewer);
    await viewer.goto(link);
    await expect(viewer).toHaveURL(/\/profile-settings/);
    await viewer.goto('/settings/connections');
    const listed = viewer.getByRole('row').filter({ hasText: NAME });
    await expect(listed).toContainText('Postgres');
    await expect(listed).toContainText('default');
    await expect(viewer.getByRole('button', { name: 'Add Connection' })).toHaveCount(0);
    await listed.click();
    await expect(viewer.getByRole('dialog')).toHaveCount(0);

    // No response to either browser carried a password (the admin typed them, never read them back).
    for (const body of [...(await viewerBodies()), ...(await adminBodies())]) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(WRONG_PASSWORD);
    }
    await ctx.close();
  });
});
