import { expect, test } from './fixtures.js';

test.describe('app shell', () => {
  test('walks every sidebar entry without errors', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    // '/' lands on the home area, inside the shell.
    await expect(page).not.toHaveURL(/\/$/);
    const links = nav.getByRole('link');
    const hrefs = (await links.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))).filter(
      (h) => h !== '/',
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByText('Sorry.. there was an error')).toHaveCount(0);
      await expect(page.getByText('Page not found')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    }
  });

  test('settings pages show real server data', async ({ page }) => {
    await page.goto('/settings/jobs');
    await expect(page.getByRole('columnheader', { name: 'Job Name' })).toBeVisible();
    await expect(page.getByTestId('page-status')).toHaveText(/Page 1 of \d+/);
    await page.goto('/settings/event-queue-status');
    for (const name of [
      'Name',
      'Pending Count',
      'Error Count',
      'Average Attempts',
      'First Failed At',
      'Last Failed At',
    ]) {
      await expect(page.getByRole('columnheader', { name })).toBeVisible();
    }
  });

  test('keeps the sidebar collapsed across a reload', async ({ page }) => {
    await page.goto('/settings/jobs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveAttribute('data-collapsed', 'false');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(nav).toHaveAttribute('data-collapsed', 'true');
    await page.reload();
    await expect(nav).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(nav).toHaveAttribute('data-collapsed', 'false');
  });

  test('collapses the sidebar automatically below 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/settings/jobs');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'true');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'false');
  });

  test('shows front-end and back-end versions in the user menu', async ({ page, request }) => {
    const about = (await (await request.get('/api/about')).json()) as { version: string };
    await page.goto('/settings/jobs');
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(/^Hi /)).toBeVisible();
    await expect(menu.getByText(/Front-end version: \d+\.\d+\.\d+/)).toBeVisible();
    await expect(menu.getByText(`Back-end version: ${about.version}`)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Your Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  });

  test('shows an error toast when the network fails', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource|net::ERR_FAILED/);
    await page.goto('/settings/event-queue-status');
    await expect(page.getByRole('columnheader', { name: 'Pending Count' })).toBeVisible();
    await page.route('**/api/db/**', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Network Error. Please try again.').first()).toBeVisible();
  });

  test('finds the seeded team Platform in the command palette', async ({ page }) => {
    await page.goto('/settings/jobs');
    await expect(page.getByRole('columnheader', { name: 'Job Name' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('Search by name…').fill('Platf');
    const option = dialog.getByRole('option', { name: 'Platform' });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/settings\/teams\/[0-9a-f-]{36}$/);
  });

  test('hides Settings from a viewer and shows Unauthorized without read permission', async ({
    page,
    request,
  }) => {
    // The signed-in identity is replaced by a viewer's; everything else is the real server.
    const me = (await (await request.get('/api/auth/whoami')).json()) as { payload: { user: unknown } };
    const viewer = (permissions: string[]) => ({
      message: 'success',
      payload: { user: me.payload.user, roles: ['viewer'], permissions },
    });
    const viewerPermissions = [
      'database:read',
      'canaries:read',
      'topologies:read',
      'incident:read',
      'playbooks:read',
    ];
    await page.route('**/api/auth/whoami', (route) => route.fulfill({ json: viewer(viewerPermissions) }));
    await page.goto('/settings/jobs');
    await expect(page.getByRole('columnheader', { name: 'Job Name' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Settings')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Jobs History' })).toHaveCount(0);

    await page.unroute('**/api/auth/whoami');
    await page.route('**/api/auth/whoami', (route) => route.fulfill({ json: viewer([]) }));
    await page.goto('/settings/jobs');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  });
});
