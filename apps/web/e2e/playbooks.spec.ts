import { createCheck, runCheck, startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/** The spec typed into the editor: an exec action templated with the check and a parameter. */
function playbookYaml(hook: string): string {
  return [
    'checks:',
    '  - types: [http]',
    'parameters:',
    '  - name: greeting',
    '    label: Greeting',
    '    type: text',
    '    default: hi',
    'on:',
    '  webhook:',
    `    path: ${hook}`,
    'actions:',
    '  - name: greet',
    '    exec:',
    '      script: echo "hello from {{.check.name}} $(.params.greeting)"',
    '',
  ].join('\n');
}

test.describe('playbooks', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');

  test('create from YAML → run on a failing check with a parameter → completed with the greeting → re-run → webhook run in the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `playbook-${suffix}`;
    const title = `E2E hello ${suffix}`;
    // A webhook path is unique among live playbooks: one per run of the journey.
    const hook = `e2e-hook-${suffix}`;
    const greeting = `howdy-${suffix}`;
    try {
      const checkId = await createCheck(request, `e2e-playbook-${suffix}`, check, target.url);
      target.setOk(false);
      await runCheck(request, checkId, 'unhealthy');

      // An admin adds the playbook from YAML on /playbooks.
      await page.goto('/playbooks');
      await page.getByRole('button', { name: 'Add Playbook' }).click();
      const editor = page.getByRole('dialog', { name: 'Add playbook' });
      await editor.getByRole('textbox', { name: 'Title' }).fill(title);
      await editor.getByRole('textbox', { name: 'Category' }).fill('E2E');
      // A new playbook starts on the form; this one is pasted as YAML.
      await editor.getByRole('radio', { name: 'Code (YAML)' }).click();
      await editor.getByRole('textbox', { name: 'Spec' }).click();
      // insertText keeps the indentation (typing would let the editor auto-indent).
      await page.keyboard.insertText(playbookYaml(hook));
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Playbook Spec created successfully')).toBeVisible();
      await expect(page.getByRole('article', { name: title })).toBeVisible();

      // Run it from the failing check's panel, with a parameter.
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await page.getByRole('button', { name: 'Playbooks' }).click();
      await page.getByRole('menuitem', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: `Run ${title}` });
      await expect(dialog.getByRole('combobox', { name: 'Playbook' })).toHaveValue(/[0-9a-f-]{36}/);
      const greetingField = dialog.getByRole('textbox', { name: 'Greeting' });
      await expect(greetingField).toHaveValue('hi');
      await greetingField.fill(greeting);
      await dialog.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      const firstRun = page.url();

      // The run page polls until the run is completed and shows the step's stdout.
      const status = page.getByTestId('run-status');
      await expect(status).toContainText(/Scheduled|Running|Completed/);
      await expect(status).toContainText('Completed', { timeout: 60_000 });
      await expect(page.getByTestId('step-output')).toContainText(`hello from ${check} ${greeting}`, {
        timeout: 30_000,
      });

      // Re-run: the same playbook, check and parameter, as a new run.
      await page.getByRole('button', { name: 'Re-run playbook' }).click();
      await expect(page).not.toHaveURL(firstRun);
      await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('run-status')).toContainText('Completed', { timeout: 60_000 });
      await expect(page.getByTestId('step-output')).toContainText(greeting, { timeout: 30_000 });

      // The webhook starts a run too; it shows in the runs list filtered by the playbook.
      const hooked = await request.post(`/api/playbook/webhook/${hook}`, { data: { from: 'e2e' } });
      expect(hooked.ok(), await hooked.text()).toBe(true);
      const found = await request.get(
        `/api/db/playbooks?select=id&title=eq.${encodeURIComponent(title)}&deleted_at=is.null`,
      );
      const playbookId = ((await found.json()) as Array<{ id: string }>)[0]?.id ?? '';
      expect(playbookId).not.toBe('');
      await page.goto(`/playbooks/runs?playbook=${playbookId}`);
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('cell', { name: 'webhook', exact: true })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 60_000 });
      // The two runs from the check are listed with the one from the webhook.
      await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(3);
    } finally {
      await target.close();
    }
  });
});
