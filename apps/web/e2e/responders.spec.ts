import type { APIRequestContext } from '@playwright/test';
import { startJira, type JiraPeer } from '../../server/test/peers/jira.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/** POSTs a row through the data API and returns its id. */
async function insert(request: APIRequestContext, table: string, body: Record<string, unknown>) {
  const res = await request.post(`/api/db/${table}`, {
    data: body,
    headers: { prefer: 'return=representation' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }[])[0]!.id;
}

test.describe('responders', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');
  let jira: JiraPeer;
  test.beforeAll(async () => {
    jira = await startJira();
  });
  test.afterAll(async () => {
    await jira.stop();
  });

  test('a Jira team responder: the instance picked by itself, projects, issue types and priorities looked up in a loopback Jira, the ticket key shown', async ({
    page,
    request,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    await insert(request, 'connections', {
      name: `jira-${suffix}`,
      type: 'jira',
      url: jira.url,
      username: jira.user,
      password: jira.token,
    });
    await insert(request, 'teams', {
      name: `Tickets ${suffix}`,
      spec: { responder_clients: { jira: { connection: `connection://default/jira-${suffix}` } } },
    });
    const incident = await insert(request, 'incidents', {
      title: `Refunds stuck ${suffix}`,
      severity: 'high',
    });

    await page.goto(`/incidents/${incident}`);
    await page.getByRole('button', { name: 'Add Responder' }).click();
    const flow = page.getByRole('dialog', { name: 'Select Responder' });
    await flow.getByRole('combobox', { name: 'Team' }).selectOption({ label: `Tickets ${suffix}` });
    await flow.getByRole('button', { name: 'Next' }).click();
    const types = page.getByRole('dialog', { name: 'Responder Type' });
    await types.getByRole('radio', { name: 'Jira' }).check();
    await types.getByRole('button', { name: 'Next' }).click();

    const form = page.getByRole('form', { name: 'Save Team Responder' });
    await expect(form.getByRole('combobox', { name: 'Instance' })).toHaveValue(/[0-9a-f-]{36}/);
    const project = form.getByRole('combobox', { name: 'Project' });
    await expect(project.getByRole('option', { name: 'Payments (PAY)' })).toBeAttached();
    await project.selectOption('PAY');
    const issueType = form.getByRole('combobox', { name: 'Issue Type' });
    await expect(issueType.getByRole('option', { name: 'Incident' })).toBeAttached();
    await issueType.selectOption('Incident');
    const priority = form.getByRole('combobox', { name: 'Priority' });
    await expect(priority.getByRole('option', { name: 'Highest' })).toBeAttached();
    await priority.selectOption('Highest');
    await form.getByLabel('Summary').fill('Refunds stuck');
    await form.getByLabel('Description').fill('See the incident');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Responder added successfully')).toBeVisible();

    // The server opens the ticket in the loopback Jira; its key shows beside the team.
    const responders = page.getByRole('region', { name: 'Responders' });
    await expect(async () => {
      await page.reload();
      await expect(responders).toContainText(/PAY-\d+/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    expect(jira.requests.some((r) => r.method === 'POST' && r.path === '/rest/api/2/issue')).toBe(true);
  });
});
