import { createCheck, runCheck, startFlipTarget } from './checks.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

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

  test('Link to Incident from a catalog item onto an existing hypothesis, with the selected lines', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const suffix = Math.random().toString(36).slice(2, 8);
    const title = `Pool exhausted ${suffix}`;
    const post = async (table: string, body: object) => {
      const res = await page.request.post(`/api/db/${table}`, {
        data: body,
        headers: { Prefer: 'return=representation' },
      });
      expect(res.status(), table).toBe(201);
      return ((await res.json()) as Array<{ id: string }>)[0]!.id;
    };
    const incidentId = await post('incidents', { title: `Ledger slow ${suffix}`, status: 'open' });
    const rootId = await post('hypotheses', {
      incident_id: incidentId,
      type: 'root',
      title: `Ledger slow ${suffix}`,
    });
    const factorId = await post('hypotheses', {
      incident_id: incidentId,
      parent_id: rootId,
      type: 'factor',
      title,
    });
    type Item = { id: string; name: string };
    const [item] = (await (
      await page.request.get('/api/db/config_items?select=id,name&deleted_at=is.null&order=name&limit=1')
    ).json()) as Item[];
    expect(item, 'a catalog item').toBeTruthy();

    // Line 2 of its YAML selected, then Link to Incident.
    await page.goto(`/catalog/${item!.id}?selected=2`);
    await page.getByRole('button', { name: 'Link to Incident' }).click();
    const link = page.getByRole('dialog', { name: 'Link to Incident' });
    await link.getByLabel('Incident', { exact: true }).fill(`Ledger slow ${suffix}`);
    await link.getByRole('radio', { name: new RegExp(`^INC.*Ledger slow ${suffix}`) }).check();
    const hypothesis = link.getByRole('textbox', { name: /^Hypothesis/ });
    await hypothesis.fill('pool');
    // The only match is chosen for the user.
    await expect(link.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
    await link.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(page.getByText('Linked to incident successfully')).toBeVisible();

    const evidence = (await (
      await page.request.get(`/api/db/evidences?select=type,config_id,evidence&hypothesis_id=eq.${factorId}`)
    ).json()) as Array<{
      type: string;
      config_id: string;
      evidence: { selected_lines: Record<string, string> };
    }>;
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ type: 'config', config_id: item!.id });
    expect(Object.keys(evidence[0]!.evidence.selected_lines)).toEqual(['2']);
    // No new hypothesis was made.
    const hypotheses = (await (
      await page.request.get(`/api/db/hypotheses?select=id&incident_id=eq.${incidentId}`)
    ).json()) as unknown[];
    expect(hypotheses).toHaveLength(2);
  });
});
