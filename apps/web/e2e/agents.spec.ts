import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn } from './auth.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/**
 * The agents journey (issue 18), first part: an admin creates an agent from Settings › Agents,
 * the Installation Instructions show its token once with the Flux and Helm CLI tabs, and the
 * agent is listed. The integrator extends it: start `opsdeck agent` with the token, see it
 * Online with counts, and its checks on /health with the agent badge.
 */
test.describe('agents', () => {
  test.skip(
    AUTH_MODE !== 'builtin' || ADMIN_PASSWORD === '',
    'the journey signs in: npx playwright test -c playwright.builtin.config.ts',
  );

  test('create an agent → the token dialog with both tabs → the agent is listed', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(120_000);
    const name = `e2e-agent-${Math.random().toString(36).slice(2, 8)}`;
    allowConsoleErrors(/status of 401 \(Unauthorized\)/);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // ?addAgent=true opens the create dialog; the name is required.
    await page.goto('/settings/agents?addAgent=true');
    const form = page.getByRole('dialog', { name: 'Add Agent' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Add property' }).click();
    await form.getByRole('textbox', { name: 'Property 1 key' }).fill('region');
    await form.getByRole('textbox', { name: 'Property 1 value' }).fill('eu');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Agent created')).toBeVisible();

    // The token, once, with the Flux and Helm CLI tabs and the plain agent command.
    const install = page.getByRole('dialog', { name: 'Installation Instructions' });
    const token = (await install.getByTestId('agent-token').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);
    await expect(install.getByText(/shown only once/)).toBeVisible();
    const flux = install.getByLabel('Flux manifest', { exact: true });
    await expect(flux).toContainText('chart: mission-control-agent');
    await expect(flux).toContainText(`password: ${token}`);
    await expect(flux).toContainText(`agentName: ${name}`);
    await install.getByRole('tab', { name: 'Helm CLI' }).click();
    const helm = install.getByLabel('Helm commands', { exact: true });
    await expect(helm).toContainText('helm repo add flanksource https://flanksource.github.io/charts');
    await expect(helm).toContainText(`--set upstream.password="${token}"`);
    await expect(install.getByLabel('Agent command', { exact: true })).toContainText(`AGENT_NAME=${name}`);
    await install.getByRole('button', { name: 'Done' }).click();
    await expect(install).toHaveCount(0);
    await expect(page.getByText(token)).toHaveCount(0);

    // Listed, not yet seen; a click opens the editor with the name read-only.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Offline');
    await row.getByRole('cell', { name }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Agent' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
    await expect(edit.getByRole('textbox', { name: 'Property 1 value' })).toHaveValue('eu');
  });
});
