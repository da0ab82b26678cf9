import { startAgent } from './agent-process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn } from './auth.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/**
 * The agents journey (issue 18), first part: an admin creates an agent from Settings › Agents,
 * the Installation Instructions show its token once with the Flux and Helm CLI tabs, and the
 * agent is listed; then `opsdeck agent` starts with that token, the agent shows Online with its
 * counts, and the check it runs appears on /health with the agent's badge.
 */
test.describe('agents', () => {
  test.skip(
    AUTH_MODE !== 'builtin' || ADMIN_PASSWORD === '',
    'the journey signs in: npx playwright test -c playwright.builtin.config.ts',
  );

  test('create an agent → the token dialog with both tabs → start the agent → Online with counts → its check on /health', async ({
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

    // The token, once, with the Flux and Helm CLI tabs of Opsdeck's agent chart, the container and the plain agent command.
    const install = page.getByRole('dialog', { name: 'Installation Instructions' });
    const token = (await install.getByTestId('agent-token').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);
    await expect(install.getByText(/shown only once/)).toBeVisible();
    const flux = install.getByLabel('Flux manifest', { exact: true });
    await expect(flux).toContainText('chart: ./deploy/charts/opsdeck-agent');
    await expect(flux).toContainText(`UPSTREAM_TOKEN: ${token}`);
    await expect(flux).toContainText(`agentName: ${name}`);
    await install.getByRole('tab', { name: 'Helm CLI' }).click();
    const helm = install.getByLabel('Helm commands', { exact: true });
    await expect(helm).toContainText('helm install opsdeck-agent ./deploy/charts/opsdeck-agent');
    await expect(helm).toContainText(`--set-string upstream.token=${token}`);
    await expect(install.getByLabel('Container command', { exact: true })).toContainText(
      `-e UPSTREAM_TOKEN=${token}`,
    );
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
    await page.keyboard.press('Escape');

    // The agent runs a check of its own (its data API, AUTH_MODE=none on loopback) and pushes it.
    const agent = await startAgent(name, token);
    try {
      const check = `${name}-probe`;
      const created = await fetch(`${agent.url}/api/db/canaries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: agent.url, prefer: 'return=representation' },
        body: JSON.stringify({
          name: check,
          namespace: 'default',
          spec: { schedule: '@every 10s', http: [{ name: check, url: `${agent.url}/readyz` }] },
        }),
      });
      expect(created.status).toBe(201);

      await expect(async () => {
        await page.goto('/settings/agents');
        const online = page.getByRole('row', { name: new RegExp(name) });
        await expect(online).toContainText('Online', { timeout: 2_000 });
        // Checks column: the pushed check counts.
        await expect(online.getByRole('cell').nth(3)).toHaveText('1', { timeout: 2_000 });
      }).toPass({ timeout: 90_000 });

      // Passing checks are hidden by default: ask to see them.
      await page.goto(`/health?query=${check}&layout=table&hidePassing=false`);
      const checkRow = page.getByRole('row', { name: new RegExp(check) });
      await expect(checkRow).toBeVisible({ timeout: 30_000 });
      await expect(checkRow.getByText(name, { exact: true })).toBeVisible();
    } finally {
      await agent.stop();
    }
  });
});
