import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { type AgentProcess, startAgent } from './agent-process.js';
import { AUTH_MODE, expect, test } from './fixtures.js';

/** A folder with a file passes the probe check (minCount 1); an emptied one fails it. */
function probe(dataDir: string, folder: string): { pass(on: boolean): void } {
  const dir = path.join(dataDir, 'files', folder);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'ok');
  return { pass: (on) => (on ? fs.writeFileSync(file, 'ok') : fs.rmSync(file, { force: true })) };
}

/** An agent made the way Settings › Agents makes one; its token is answered once. */
async function generateAgent(
  request: APIRequestContext,
  name: string,
  properties: Record<string, string> = {},
): Promise<{ id: string; access_token: string }> {
  const res = await request.post('/api/agent/generate', { data: { name, properties } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; access_token: string };
}

/**
 * Locations and quorum (docs/health.md): one folder check run in three places, this server and
 * two real `opsdeck agent` processes, each reading the folder under its own DATA_DIR, so the
 * journey makes each place pass or fail on its own. One failing place of three keeps the check
 * healthy, two make it fail, and the check's panel shows every place with its status, latency
 * and last message.
 *
 * Agents take access tokens, but AUTH_MODE=none creates them as well (the local admin writes
 * agents), and the upstream checks an agent's token whatever the mode: so this runs in the main
 * config, against the main e2e server, whose DATA_DIR the local place reads.
 */
test.describe('check locations', () => {
  test.skip(AUTH_MODE !== 'none', 'the journey writes through the API without signing in (AUTH_MODE=none)');
  test.skip(!!process.env.E2E_BASE_URL, "the journey flips a folder in the e2e server's own DATA_DIR");

  const agents: AgentProcess[] = [];
  /** What the journey leaves on the server, undone in this order (the canary before its agents). */
  const cleanups: Array<(request: APIRequestContext) => Promise<APIResponse | void>> = [];

  test.afterAll(async ({ playwright }) => {
    // Whatever happened: the processes and their folders go first, then what the server keeps
    // (the journeys after this one, the phone walk and screenshots, see none of it).
    await Promise.allSettled(agents.map((a) => a.stop()));
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const failed: string[] = [];
    for (const undo of cleanups) {
      const res = await undo(request).catch((e: unknown) => String(e));
      if (typeof res === 'string') failed.push(res);
      else if (res && !res.ok()) failed.push(`${res.url()}: ${res.status()} ${await res.text()}`);
    }
    await request.dispose();
    expect(failed, 'cleaning up').toEqual([]);
  });

  test('three locations: one failing keeps the check healthy, two make it fail, the panel shows each', async ({
    page,
    request,
  }) => {
    // Two agent processes start (embedded database each) and every step waits for a schedule.
    test.setTimeout(240_000);
    const suffix = Math.random().toString(36).slice(2, 8);
    const check = `e2e-located-${suffix}`;
    const folder = `located-${suffix}`;
    const names = { a: `e2e-loc-a-${suffix}`, b: `e2e-loc-b-${suffix}` };
    const serverDir = process.env.E2E_DATA_DIR ?? '';
    expect(serverDir, 'E2E_DATA_DIR (playwright.config.ts)').not.toBe('');
    const local = probe(serverDir, folder);
    cleanups.push(async () =>
      fs.rmSync(path.join(serverDir, 'files', folder), { recursive: true, force: true }),
    );
    local.pass(true);

    // Two agents: one named in the canary, the other picked by a selector over its properties.
    const a = await generateAgent(request, names.a);
    cleanups.push((r) => r.delete(`/api/agent/${a.id}?cleanup=true`));
    const b = await generateAgent(request, names.b, { 'e2e-locations': suffix });
    cleanups.push((r) => r.delete(`/api/agent/${b.id}?cleanup=true`));

    // The canary first: each agent pulls the located canaries naming it as it starts.
    const created = await request.post('/api/db/canaries', {
      headers: { Prefer: 'return=representation' },
      data: {
        name: `e2e-located-${suffix}`,
        namespace: 'default',
        labels: {},
        source: 'UI',
        spec: {
          // Short, with margin: a result is fresh for twice the interval, and an agent's next
          // one lands up to 5 s (its run tick) + 5 s (its push tick) late. At @every 10s the
          // newest agent result here was seen 19 s old, a second from counting as unknown.
          schedule: '@every 15s',
          locations: ['local', { agent: names.a }, { agentSelector: `e2e-locations=${suffix}` }],
          // {{dataDir}} is each place's own DATA_DIR, inside its default FILE_ROOTS.
          folder: [{ name: check, path: `{{dataDir}}/files/${folder}`, minCount: 1 }],
        },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const canaryId = ((await created.json()) as Array<{ id: string }>)[0]?.id ?? '';
    // Undone first, so nothing names the agents when they go.
    cleanups.unshift((r) => r.delete(`/api/db/canaries?id=eq.${canaryId}`));
    let checkId = '';
    await expect(async () => {
      const res = await request.get(`/api/db/checks?select=id&canary_id=eq.${canaryId}&deleted_at=is.null`);
      const found = (await res.json()) as Array<{ id: string }>;
      expect(found).toHaveLength(1);
      checkId = found[0]?.id ?? '';
    }).toPass({ timeout: 30_000 });

    // Both agents start together, each with the folder passing under its own DATA_DIR.
    const started = await Promise.allSettled(
      [
        [names.a, a.access_token],
        [names.b, b.access_token],
      ].map(async ([name = '', token = '']) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-agent-'));
        const edge = probe(dir, folder);
        edge.pass(true);
        const agent = await startAgent(name, token, dir);
        agents.push(agent);
        return { agent, probe: edge };
      }),
    );
    const [edgeA, edgeB] = started.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
    if (!edgeA || !edgeB) throw new Error('two agents were started');

    const panel = page.getByRole('dialog');
    const rows = panel.getByTestId('location-row');
    const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });
    const titleStatus = (status: 'healthy' | 'unhealthy') =>
      panel.getByRole('heading').getByRole('img', { name: status, exact: true });
    /** The panel as a user opens it again (the Locations table reads the places once per opening). */
    const reopen = (p: Page) => p.goto(`/health?query=${check}&hidePassing=false&checkId=${checkId}`);

    // All three pass: three rows, local and both agents' names, each with latency and message.
    await expect(async () => {
      await reopen(page);
      await expect(rows).toHaveCount(3, { timeout: 3_000 });
      for (const name of ['local', names.a, names.b])
        await expect(row(name).getByRole('cell').nth(1)).toHaveText('Passing', { timeout: 3_000 });
      await expect(titleStatus('healthy')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 120_000 });
    await expect(rows.getByRole('cell').nth(0)).toHaveText('local');
    for (const name of ['local', names.a, names.b]) {
      const cells = row(name).getByRole('cell');
      await expect(cells.nth(2)).toHaveText(/^\d+(\.\d+)?\s?(ms|s)$/);
      await expect(cells.nth(3)).toHaveText('1 files');
    }
    await expect(panel.getByTestId('quorum')).toHaveText(
      'Fails when 2 of 3 fail · now 0 failing, 3 passing, 0 unknown: healthy',
    );

    // The named agent's folder empties: its row fails, one of three, and the check stays healthy.
    edgeA.probe.pass(false);
    await expect(async () => {
      await reopen(page);
      await expect(row(names.a).getByRole('cell').nth(1)).toHaveText('Failing', { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row(names.a).getByRole('cell').nth(3)).toHaveText('0 files, expected at least 1');
    await expect(row('local').getByRole('cell').nth(1)).toHaveText('Passing');
    await expect(row(names.b).getByRole('cell').nth(1)).toHaveText('Passing');
    await expect(panel.getByTestId('quorum')).toContainText('now 1 failing, 2 passing, 0 unknown: healthy');
    await expect(titleStatus('healthy')).toBeVisible();

    // This server's folder empties too: two of three, and the check fails.
    local.pass(false);
    await expect(async () => {
      await reopen(page);
      await expect(row('local').getByRole('cell').nth(1)).toHaveText('Failing', { timeout: 3_000 });
      await expect(titleStatus('unhealthy')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row(names.a).getByRole('cell').nth(1)).toHaveText('Failing');
    await expect(panel.getByTestId('quorum')).toContainText('now 2 failing, 1 passing, 0 unknown: failing');
    // The check's own result names the failing places.
    const last = await request.get(
      `/api/db/check_statuses?select=status,message&check_id=eq.${checkId}&order=time.desc&limit=1`,
    );
    expect(await last.json()).toEqual([
      { status: false, message: `2 of 3 locations failing (fails at 2): local, ${names.a}` },
    ]);

    // The selected agent stops: its place turns unknown (no fresh result), which is no failure
    // and no pass, and the check stays failing.
    await edgeB.agent.stop();
    await expect(async () => {
      await reopen(page);
      await expect(row(names.b).getByRole('cell').nth(1)).toHaveText(/^Unknown \((stale|agent offline)\)$/, {
        timeout: 3_000,
      });
    }).toPass({ timeout: 90_000 });
    await expect(titleStatus('unhealthy')).toBeVisible();
  });
});
