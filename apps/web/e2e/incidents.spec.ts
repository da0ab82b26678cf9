import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { AUTH_MODE, expect, test } from './fixtures.js';

/** A loopback HTTP target the test flips between 500 and 200. */
async function startFlipTarget(): Promise<{
  url: string;
  setOk: (ok: boolean) => void;
  close: () => Promise<void>;
}> {
  let ok = false;
  const server = http.createServer((_req, res) => {
    res.writeHead(ok ? 200 : 500, { 'content-type': 'text/plain' });
    res.end(ok ? 'fine' : 'broken');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    setOk: (v) => (ok = v),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function createCheck(
  request: APIRequestContext,
  canary: string,
  check: string,
  url: string,
): Promise<string> {
  const created = await request.post('/api/db/canaries', {
    data: {
      name: canary,
      namespace: 'default',
      schedule: '@every 1h',
      source: 'UI',
      spec: { http: [{ name: check, url }] },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  let id = '';
  await expect(async () => {
    const res = await request.get(`/api/db/checks?select=id&name=eq.${check}&deleted_at=is.null`);
    const found = (await res.json()) as Array<{ id: string }>;
    expect(found).toHaveLength(1);
    id = found[0]?.id ?? '';
  }).toPass({ timeout: 60_000 });
  return id;
}

async function runCheck(request: APIRequestContext, id: string, status: 'healthy' | 'unhealthy') {
  await expect(async () => {
    const run = await request.post(`/api/canary/run/check/${id}`);
    expect(run.ok(), await run.text()).toBe(true);
    const res = await request.get(`/api/db/checks?select=status&id=eq.${id}`);
    expect(((await res.json()) as Array<{ status: string }>)[0]?.status).toBe(status);
  }).toPass({ timeout: 60_000 });
}

test.describe('incidents', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');

  test('failing check → Link to Incident → hypothesis, comment with a mention, responder, definition of done → the check recovers → resolved by itself', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const target = await startFlipTarget();
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `incident-${suffix}`;
    try {
      const checkId = await createCheck(request, `e2e-incident-${suffix}`, check, target.url);
      target.setOk(false);
      await runCheck(request, checkId, 'unhealthy');

      // Link the failing check to a new incident from its panel.
      await page.goto(`/health?query=${check}&checkId=${checkId}`);
      await page.getByRole('button', { name: 'Link to Incident' }).click();
      const link = page.getByRole('dialog', { name: 'Link to Incident' });
      await link.getByLabel('Incident', { exact: true }).fill(`Checkout down ${suffix}`);
      await link.getByRole('button', { name: 'Link', exact: true }).click();
      await expect(page.getByText('Linked to incident successfully')).toBeVisible();
      await page.getByRole('button', { name: 'View incident' }).click();
      await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}/);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
        `Checkout down ${suffix}`,
      );

      // The action plan shows the check evidence; add a factor under the root.
      await page.getByRole('tab', { name: 'Action Plan' }).click();
      const tree = page.getByRole('tree', { name: 'Hypotheses' });
      await expect(tree.getByText(check).first()).toBeVisible();
      await tree.getByRole('button', { name: 'Add hypothesis' }).first().click();
      const add = page.getByRole('dialog', { name: 'Add hypothesis' });
      await add.getByLabel('Title').fill('Upstream returns 500');
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(tree.getByRole('textbox', { name: 'Title' }).last()).toHaveValue('Upstream returns 500');

      // A comment that mentions a person.
      await page.getByRole('tab', { name: 'Comments' }).click();
      await page
        .getByRole('combobox', { name: 'Hypothesis' })
        .selectOption({ label: 'Upstream returns 500' });
      const comment = page.getByRole('textbox', { name: 'Comment' });
      await comment.fill('Looking at it ');
      await comment.pressSequentially('@Maya');
      await page.getByRole('listbox', { name: 'Mention suggestions' }).getByRole('option').first().click();
      await comment.pressSequentially(' please check the upstream');
      await page.getByRole('button', { name: 'Send' }).click();
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await expect(timeline).toContainText('@Maya Okafor');
      await expect(timeline).toContainText('please check the upstream');

      // A person responder.
      await page.getByRole('button', { name: 'Add Responder' }).click();
      const flow = page.getByRole('dialog').filter({ hasText: 'Person' });
      await flow.getByRole('radio', { name: 'Person' }).check();
      await flow.getByRole('combobox').selectOption({ label: 'Maya Okafor' });
      await flow.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByText('Responder added successfully')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Responders' })).toContainText('Maya Okafor');

      // The check evidence becomes the definition of done, with a script that needs only health.
      await page.getByRole('button', { name: 'Definition of done', exact: true }).click();
      await page.getByRole('button', { name: 'Add Definition of Done' }).click();
      const dod = page.getByRole('dialog', { name: 'Add Definition of Done' });
      await dod.getByRole('list', { name: 'Evidence' }).getByRole('checkbox').first().check();
      await dod.getByRole('button', { name: 'Next' }).click();
      await dod.getByRole('textbox').first().fill("check.status == 'healthy'");
      await dod.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dod).toBeHidden();
      await expect(page.getByTestId('dod-item')).toHaveCount(1);

      // The check recovers: the incident resolves by itself.
      target.setOk(true);
      await runCheck(request, checkId, 'healthy');
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('combobox', { name: 'Status' }).first()).toHaveValue('resolved', {
          timeout: 2000,
        });
      }).toPass({ timeout: 60_000 });

      // The changelog lists each step.
      await page.getByRole('button', { name: 'Changelog' }).click();
      const entries = page.getByTestId('history');
      for (const text of [
        'created the incident',
        'added a hypothesis',
        'added evidence',
        'commented',
        'added a responder',
        'added to the definition of done',
        'changed the status: open → resolved',
      ])
        await expect(entries.filter({ hasText: text }).first()).toBeVisible();
    } finally {
      await target.close();
    }
  });
});
