import { expect, test } from '../e2e/fixtures.js';

/**
 * Single sign-on (issue 19): sign in at a real OpenID Provider, land as a responder through
 * the group map, switch organisations, and see the provisioning screen when whoami fails.
 * Needs playwright.oidc.config.ts (server in AUTH_MODE=oidc, provider from globalSetup).
 */
test.describe('single sign-on (oidc)', () => {
  test.skip(
    process.env.E2E_AUTH_MODE !== 'oidc',
    'needs a server in AUTH_MODE=oidc: npx playwright test -c playwright.oidc.config.ts',
  );

  test('sign in at the provider, responder by group, organisation switcher, provisioning screen', async ({
    page,
    allowConsoleErrors,
  }) => {
    // Signed-out visits are answered 401 before the redirect to the login page; the provider's
    // own sign-in page asks for a web font the sandbox cannot reach and for a favicon it does
    // not have; the 503 below is wanted.
    allowConsoleErrors(/status of 401 \(Unauthorized\)/);
    allowConsoleErrors(new RegExp(`127\\.0\\.0\\.1:${process.env.E2E_OIDC_PORT}/favicon\\.ico`));
    allowConsoleErrors(
      /fonts\.googleapis\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/,
    );
    allowConsoleErrors(/status of 503 \(Service Unavailable\)/);

    await page.goto('/health');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    await expect(page.locator('input[name="password"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in with Loopback IdP' }).click();

    // The provider's (development) sign-in form: any password for a known login.
    await page.getByPlaceholder('Enter any login').fill('riley');
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // Back on the console, where the sign-in started, as a responder (groups: oncall).
    await expect(page).toHaveURL(/\/health/);
    const me = await page.request.get('/api/auth/whoami');
    expect(me.status()).toBe(200);
    const body = (await me.json()) as { payload: { roles: string[]; user: { name: string } } };
    expect(body.payload.roles).toEqual(['responder']);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText('Hi Riley Responder')).toBeVisible();
    await page.keyboard.press('Escape');

    // The user menu is the organisation switcher plus the user button: two organisations.
    const switcher = page.getByRole('button', { name: 'Organisation' });
    await expect(switcher).toHaveText(/acme/);
    await switcher.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['acme', 'globex']);
    await page.keyboard.press('Escape');

    // An instance still being set up: whoami answers 503.
    await page.route('**/api/auth/whoami', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"provisioning"}' }),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Instance provisioning in-progress' })).toBeVisible();
  });
});
