import type { Page } from '@playwright/test';
import { AUTH_MODE, expect, test } from './fixtures.js';

/** Replaces the text of the code editor labelled `label` (CodeMirror is not a form control). */
async function fillEditor(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

function settingsMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

test.describe('generic settings pages', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey runs without sign-in (AUTH_MODE=none)');

  test('a topology is created from YAML through the generic form, listed, edited and deleted', async ({
    page,
  }) => {
    const name = `e2e-topology-${Date.now()}`;
    await page.goto('/health');
    await settingsMenu(page).getByRole('link', { name: 'Topologies' }).click();
    await expect(page).toHaveURL(/\/settings\/topologies$/);
    // The demo topologies, sorted by name on the server.
    await expect(page.getByRole('cell', { name: 'demo-cluster' })).toBeVisible();
    for (const header of ['Name', 'Source', 'Job Status', 'Last Run', 'Last Failed', 'Tags', 'Created By'])
      await expect(page.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeVisible();

    await page.getByRole('button', { name: 'Add Topology' }).click();
    await expect(page).toHaveURL(/\/settings\/topologies\/new$/);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Schedule').selectOption('@every 30m');
    // A spec the topology schema refuses: the form says where as it is typed, and Save stays
    // disabled while it is invalid (spec doc 3 §4), so nothing can be stored.
    await fillEditor(page, 'Spec', 'type: Service\ncomponents:\n  - type: API\n');
    await expect(page.getByText(/components\.0\.name/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page).toHaveURL(/\/settings\/topologies\/new$/);

    await fillEditor(
      page,
      'Spec',
      'type: Service\nicon: server\ncomponents:\n  - name: e2e-api\n    type: API\n',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Topology created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/topologies\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Schedule')).toHaveValue('@every 30m');
    await expect(page.getByRole('tab', { name: 'Job History' })).toBeVisible();

    // It is in the list; then its labels are edited.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Topologies' })
      .click();
    await page.getByRole('cell', { name }).click();
    await page.getByRole('button', { name: 'Add label' }).click();
    await page.getByRole('textbox', { name: 'Label 1 key' }).fill('team');
    await page.getByRole('textbox', { name: 'Label 1 value' }).fill('e2e');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Topology updated successfully')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Topologies' })
      .click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('team')).toBeVisible();
    await expect(row.getByText('e2e', { exact: true })).toBeVisible();

    // Deleted after confirmation: gone from the list.
    await page.getByRole('cell', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Topology' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Topology deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/topologies$/);
    await expect(page.getByRole('cell', { name: 'demo-cluster' })).toBeVisible();
    await expect(page.getByRole('cell', { name })).toHaveCount(0);
  });

  test('the demo logging backend and incident rule open on their spec', async ({ page }) => {
    await page.goto('/health');
    await settingsMenu(page).getByRole('link', { name: 'Log Backends' }).click();
    await expect(page).toHaveURL(/\/settings\/logging_backends$/);
    await page.getByRole('cell', { name: 'nginx-files' }).click();
    await expect(page).toHaveURL(/\/settings\/logging_backends\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('textbox', { name: 'Spec' })).toContainText('backends:');
    await expect(page.getByRole('textbox', { name: 'Spec' })).toContainText(
      'files/demo-logs/nginx-access*.log',
    );
    await expect(page.getByLabel('Namespace')).toHaveValue('default');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    // The same backend on the form: a card of its kind, with its path globs.
    await page.getByRole('radio', { name: 'Form' }).click();
    await expect(page.getByRole('combobox', { name: 'Backends 1 kind' })).toHaveValue('file');
    await expect(page.getByRole('textbox', { name: 'Backends 1 path' })).toHaveValue(/nginx-access\*\.log/);

    await settingsMenu(page).getByRole('link', { name: 'Incident Rules' }).click();
    await expect(page).toHaveURL(/\/settings\/incident_rules$/);
    await page.getByRole('cell', { name: 'unhealthy-payments' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('unhealthy-payments');
    await expect(page.getByRole('textbox', { name: 'Spec' })).toContainText('breakOnMatch: true');
    // Incident rules have a name and a spec only.
    await expect(page.getByLabel('Namespace')).toHaveCount(0);

    await page.goto('/settings/incident_rules/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('No resources found');
  });

  test('a new incident rule through the form: template, filter and auto-close, without YAML', async ({
    page,
    request,
  }) => {
    const name = `e2e-rule-${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/settings/incident_rules/new');
    // A new rule opens on the form; the row's Name is the rule's only name field.
    await expect(page.getByRole('radio', { name: 'Form' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Template title' }).fill('Payments degraded');
    await page.getByRole('textbox', { name: 'Template severity' }).fill('High');
    await page.getByRole('textbox', { name: 'Filter status' }).fill('unhealthy');
    // The commander is picked from the people (by name and email), never typed.
    const commander = page.getByRole('combobox', { name: 'Template commander ID' });
    await expect(commander.locator('option[value="maya.okafor@example.com"]')).toBeAttached();
    await commander.selectOption('maya.okafor@example.com');
    // A duration is an amount and a unit.
    await page.getByRole('textbox', { name: 'Auto close timeout amount' }).fill('2');
    await page.getByRole('combobox', { name: 'Auto close timeout unit' }).selectOption('hours');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Incident Rule created successfully')).toBeVisible();

    const res = await request.get(`/api/db/incident_rules?select=id,spec&name=eq.${name}`);
    const [row] = (await res.json()) as Array<{ id: string; spec: Record<string, unknown> }>;
    expect(row?.spec).toMatchObject({
      template: { title: 'Payments degraded', severity: 'High', commander_id: 'maya.okafor@example.com' },
      filter: { status: ['unhealthy'] },
      autoClose: { timeout: '2h' },
    });
    // Other journeys count the demo's incidents: this rule must not open any.
    expect((await request.delete(`/api/db/incident_rules?id=eq.${row?.id ?? ''}`)).ok()).toBe(true);
  });
});
