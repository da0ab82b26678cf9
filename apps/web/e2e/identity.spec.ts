import { generateSync } from 'otplib';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, signOut } from './auth.js';
import { AUTH_MODE, expect, test } from './fixtures.js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * Identity journey (issue 3): the built-in identity provider end to end. It needs a server
 * in AUTH_MODE=builtin whose admin password is known (playwright.builtin.config.ts).
 */
const VIEWER = { first: 'Vera', last: 'Viewer', email: `vera.${Date.now()}@example.com` };
const VIEWER_PASSWORD = 'correct-horse-battery-staple-42';

/** The text of a QR code in a PNG data URL. */
function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** A TOTP code for the next 30 s step, so it differs from the one used a moment ago. */
function nextCode(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

test.describe('identity (builtin)', () => {
  test.skip(
    AUTH_MODE !== 'builtin',
    'needs a server in AUTH_MODE=builtin: npx playwright test -c playwright.builtin.config.ts',
  );
  test.skip(ADMIN_PASSWORD === '', 'needs E2E_ADMIN_PASSWORD (the ADMIN_PASSWORD the server started with)');

  test('the signed-out sign-in page makes no request that fails', async ({ page }) => {
    // No allowConsoleErrors: a 401 logged by the browser would fail this journey.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
  });

  test('invite a viewer, promote to editor, enrol and use TOTP', async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    // Signed-out visits are answered 401 before the redirect to the login page.
    allowConsoleErrors(/status of 401 \(Unauthorized\)/);
    // An unauthenticated visit lands on the login page through the auth-state checker.
    await page.goto('/settings/users');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/settings\/users/);

    // Invite a viewer; the form checks its fields first.
    await page.getByRole('button', { name: 'Invite User' }).click();
    await page.getByRole('button', { name: 'Invite user' }).click();
    await expect(page.getByText('Please provide valid first name')).toBeVisible();
    await expect(page.getByText('Please select any role')).toBeVisible();
    await page.getByLabel('First Name').fill(VIEWER.first);
    await page.getByLabel('Last Name').fill(VIEWER.last);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Invite user' }).click();
    await expect(page.getByText('Entered value does not match email format')).toBeVisible();
    await page.getByLabel('Email').fill(VIEWER.email);
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const link = await page.getByLabel('Invite link').inputValue();
    expect(link).toContain('/api/auth/self-service/invite?token=');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('cell', { name: VIEWER.email })).toBeVisible();

    // The same email again: the refusal is said next to the Email field.
    allowConsoleErrors(/status of 409 \(Conflict\)/);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const again = page.getByRole('dialog', { name: 'Invite User' });
    await again.getByLabel('First Name').fill('Someone');
    await again.getByLabel('Last Name').fill('Else');
    await again.getByLabel('Email').fill(VIEWER.email);
    await again.getByLabel('Role').selectOption('viewer');
    await again.getByRole('button', { name: 'Invite user' }).click();
    await expect(again.getByRole('alert')).toHaveText(`A user with the email ${VIEWER.email} already exists`);
    await page.keyboard.press('Escape');

    // The invitee opens the link in their own browser and sets a password.
    const ctx = await browser.newContext();
    const guest = await ctx.newPage();
    await guest.goto(link);
    await expect(guest).toHaveURL(/\/profile-settings\?flow=/);
    await expect(guest.getByText('Your Profile').first()).toBeVisible();
    const passwordCard = guest.getByRole('region', { name: 'Password' });
    await passwordCard.locator('input[name="password"]').fill(VIEWER_PASSWORD);
    await passwordCard.getByRole('button', { name: 'Save' }).click();
    await expect(guest.getByText('Your changes have been saved!')).toBeVisible();

    // Signed in with the new password, a viewer sees no Settings and may not write.
    await signOut(guest);
    await signIn(guest, VIEWER.email, VIEWER_PASSWORD);
    await expect(guest.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Settings' })).toHaveCount(0);
    const write = await guest.evaluate(async () => {
      const res = await fetch('/api/db/teams', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'not-allowed' }),
      });
      return res.status;
    });
    expect(write).toBe(403);

    // The admin makes the user an editor; after a reload the user sees Settings.
    await page
      .getByRole('row', { name: new RegExp(VIEWER.email) })
      .getByRole('button', { name: 'Edit User' })
      .click();
    await page.getByLabel('Role').selectOption('editor');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await guest.reload();
    await expect(guest.getByRole('button', { name: 'Settings' })).toBeVisible();

    // Enrol TOTP with the secret the settings flow shows.
    await guest.goto('/profile-settings');
    const totpCard = guest.getByRole('region', { name: 'Two-factor authentication' });
    const secret = (await totpCard.locator('[data-node="totp_secret_key"]').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    // The QR image decodes back to the otpauth:// URL of the same secret.
    const qr = totpCard.getByTestId('otp-qr');
    const image = qr.getByRole('img');
    await expect(image).toBeVisible();
    const decoded = decodeQr((await image.getAttribute('src')) ?? '');
    expect(decoded).toBe(await qr.getAttribute('href'));
    expect(decoded).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret.replace(/=+$/, '')}`));
    await totpCard.locator('input[name="totp_code"]').fill(generateSync({ secret }));
    await totpCard.getByRole('button', { name: 'Save' }).click();
    await expect(guest.getByText('Your changes have been saved!')).toBeVisible();
    await expect(totpCard.getByRole('button', { name: 'Unlink TOTP Authenticator App' })).toBeVisible();

    // Signing in now asks for the second factor.
    await signOut(guest);
    await signIn(guest, VIEWER.email, VIEWER_PASSWORD);
    await expect(guest.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await guest.locator('input[name="totp_code"]').fill(nextCode(secret));
    await guest.getByRole('button', { name: 'Use Authenticator' }).click();
    await expect(guest.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Settings' })).toBeVisible();
    await ctx.close();
  });
});

test.describe('teams and feature flags (builtin)', () => {
  test.skip(
    AUTH_MODE !== 'builtin',
    'needs a server in AUTH_MODE=builtin: npx playwright test -c playwright.builtin.config.ts',
  );
  test.skip(ADMIN_PASSWORD === '', 'needs E2E_ADMIN_PASSWORD (the ADMIN_PASSWORD the server started with)');

  test('a team gets and loses a member; a flag is added, edited and removed', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 401 \(Unauthorized\)/);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const team = `platform-${Date.now()}`;
    await page.goto('/settings/teams');
    await page.getByRole('button', { name: 'Add Team' }).click();
    await page.getByLabel('Name').fill(team);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Team created successfully')).toBeVisible();
    await expect(page.getByText('Add team members')).toBeVisible();
    await expect(page.getByText("You haven't added any team members to the team yet.")).toBeVisible();

    await page.getByRole('button', { name: 'Add Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Members' });
    await dialog.getByRole('button', { name: 'Users' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(/added to the team successfully$/)).toBeVisible();
    const members = page.getByRole('region', { name: 'Team members' });
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await members.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByText(/removed from team successfully$/)).toBeVisible();
    await expect(page.getByText('Add team members')).toBeVisible();

    await page.goto('/settings/feature-flags');
    for (const name of ['Name', 'Description', 'Value', 'Source', 'Created By', 'Created At', 'Updated At'])
      await expect(page.getByRole('columnheader', { name })).toBeVisible();
    const flag = `e2e.flag${Date.now()}`;
    await page.getByRole('button', { name: 'Add Feature Flag' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('please provide all details')).toBeVisible();
    await page.getByLabel('Name').fill(flag);
    await page.getByLabel('Value').fill('true');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Feature flag added successfully')).toBeVisible();
    await page.getByRole('cell', { name: flag }).click();
    await page.getByLabel('Value').fill('false');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Feature flag updated successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(flag) })).toContainText('false');
    await page.getByRole('cell', { name: flag }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Feature flag removed successfully')).toBeVisible();
    await expect(page.getByRole('cell', { name: flag })).toHaveCount(0);
  });
});
