import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { AUTH_MODE, expect, test } from './fixtures.js';

type Row = { id: string; name: string };

/** Build every topology now rather than waiting for the scheduler after a fresh start. */
async function buildTopologies(request: APIRequestContext): Promise<void> {
  const list = (await (await request.get('/api/db/topologies?select=id,name')).json()) as Row[];
  for (const t of list) {
    const res = await request.post(`/api/topology/run/${t.id}`);
    // 409: the scheduler is building it right now, which is just as good.
    expect([200, 409]).toContain(res.status());
  }
}

test.describe('topology dashboard', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey runs without sign-in (AUTH_MODE=none)');

  test('home → cards → health filter → component panel → manual link → snapshot', async ({ page }) => {
    test.setTimeout(240_000);
    await buildTopologies(page.request);

    await page.goto('/');
    await expect(page).toHaveURL(/\/topology$/);
    const cards = page.getByTestId('topology-card');
    await expect(page.getByRole('article', { name: 'payments' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('article', { name: 'storefront' })).toBeVisible();

    // Filter by the health of the payments card: every card left has that status.
    const status = await page.getByRole('article', { name: 'payments' }).getAttribute('data-status');
    expect(status).toBeTruthy();
    await page.getByRole('combobox', { name: 'Health' }).selectOption(status!);
    await expect(page).toHaveURL(new RegExp(`status=${status}`));
    await expect(page.getByRole('article', { name: 'payments' })).toBeVisible();
    for (const s of await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
      expect(s).toBe(status);
    await page.getByRole('combobox', { name: 'Health' }).selectOption('all');

    // Open the payments component: its children become the cards, the side panel shows it.
    await page
      .getByRole('article', { name: 'payments' })
      .getByRole('link', { name: 'payments', exact: true })
      .click();
    await expect(page).toHaveURL(/\/topology\/[0-9a-f-]{36}/);
    const componentId = /\/topology\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const panel = page.getByRole('complementary', { name: 'Component details' });
    await expect(panel.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();

    // Walk the sections: only one is open at a time.
    for (const name of ['Catalog', 'Incidents', 'Changes', 'Checks', 'Teams', 'Insights']) {
      await panel.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      await expect(panel.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(panel.locator('[aria-expanded="true"]')).toHaveCount(1);
    }

    // Link a catalog item the component (or one below it) is not linked to yet, then unlink it.
    const linked = (await (
      await page.request.get(`/api/db/configs_by_component?select=config_id&component_id=eq.${componentId}`)
    ).json()) as Array<{ config_id: string }>;
    const items = (await (
      await page.request.get('/api/db/config_items?select=id,name&deleted_at=is.null&order=name&limit=200')
    ).json()) as Row[];
    const names = new Map<string, number>();
    for (const i of items) names.set(i.name, (names.get(i.name) ?? 0) + 1);
    const target = items.find((i) => names.get(i.name) === 1 && !linked.some((l) => l.config_id === i.id));
    expect(target, 'an unlinked catalog item').toBeTruthy();

    await page.getByRole('button', { name: 'Actions for payments', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Link to catalog' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Link' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Search catalog items' }).fill(target!.name);
    await dialog
      .getByRole('option', { name: new RegExp(target!.name) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('config link successful')).toBeVisible();

    await panel.getByRole('button', { name: /^Catalog/ }).click();
    await panel.getByRole('button', { name: `Link actions for ${target!.name}` }).click();
    await page.getByRole('menuitem', { name: 'Unlink' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete config link' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted config link successfully')).toBeVisible();
    await expect(panel.getByRole('link', { name: target!.name })).toHaveCount(0);

    // Snapshot: a zip holding the component's JSON.
    await page.getByRole('button', { name: 'Actions for payments', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Snapshot' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.toString('latin1')).toContain(`components/${componentId}.json`);
  });

  test("card incident counts and the panel's Incidents section, for an incident on a child component", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await buildTopologies(page.request);
    const suffix = Math.random().toString(36).slice(2, 8);
    const title = `Ledger down ${suffix}`;
    // The payments application and a component below it (its checks and items hang there).
    type Comp = { id: string; name: string; parent_id: string | null };
    let payments: Comp | undefined;
    let child: Comp | undefined;
    await expect
      .poll(
        async () => {
          const all = (await (
            await page.request.get('/api/db/components?select=id,name,parent_id&deleted_at=is.null')
          ).json()) as Comp[];
          payments = all.find((c) => c.name === 'payments' && c.parent_id === null);
          child = all.find((c) => c.parent_id === payments?.id);
          return child?.id;
        },
        { timeout: 90_000 },
      )
      .toBeTruthy();
    const post = async (table: string, body: object) => {
      const res = await page.request.post(`/api/db/${table}`, {
        data: body,
        headers: { Prefer: 'return=representation' },
      });
      expect(res.status(), table).toBe(201);
      return ((await res.json()) as Array<{ id: string }>)[0]!.id;
    };
    const incidentId = await post('incidents', {
      title,
      type: 'security',
      severity: 'critical',
      status: 'investigating',
    });
    const hypothesisId = await post('hypotheses', {
      incident_id: incidentId,
      type: 'root',
      title,
      status: 'possible',
    });
    await post('evidences', {
      hypothesis_id: hypothesisId,
      type: 'topology',
      component_id: child!.id,
      description: 'e2e',
    });

    // The payments card counts it (the child's incident rolls up) and links to the list.
    await page.goto('/topology');
    const card = page.getByRole('article', { name: 'payments' });
    const count = card.getByTestId('incident-count').filter({ hasText: 'security · critical' });
    await expect(count).toContainText('1');
    // What the card counts of checks (every status), to compare with the panel below.
    const checkCounts = await card
      .getByRole('link', { name: /^Checks / })
      .evaluateAll((links) => links.map((l) => Number(/(\d+)$/.exec(l.textContent ?? '')?.[1] ?? 0)));
    const cardChecks = checkCounts.reduce((a, b) => a + b, 0);
    expect(cardChecks).toBeGreaterThan(0);
    await count.click();
    await expect(page).toHaveURL(
      new RegExp(`/incidents\\?type=security&component=${payments!.id}&severity=critical&status=all`),
    );
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

    // The payments panel's Incidents section: open by default, so this investigating one shows
    // with Status All; each row links to the incident.
    await page.goto(`/topology/${payments!.id}`);
    const panel = page.getByRole('complementary', { name: 'Component details' });
    await panel.getByRole('button', { name: /^Incidents/ }).click();
    await expect(panel.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
    await panel.getByRole('combobox', { name: 'Status' }).selectOption('all');
    await panel.getByRole('combobox', { name: 'Type' }).selectOption('security');
    await expect(panel.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
      'href',
      `/incidents/${incidentId}`,
    );
    // Its Checks section counts what the card counts (the checks of the components below it).
    await expect(panel.getByRole('button', { name: /^Checks/ })).toHaveText(
      new RegExp(`^Checks\\s*${cardChecks}$`),
    );
  });
});
