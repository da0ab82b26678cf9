import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCheckResult } from '../../src/health/record.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

type Page = {
  total: number;
  passing: number;
  failing: number;
  tabs: { value: string; count: number }[];
  labels: { key: string; values: string[] }[];
  groups: { key: string; count: number; health: string; passed: number; failed: number }[];
  checks: { id: string; name: string; canary_name: string; status: string; uptime: { passed: number } }[];
};

/**
 * The health dashboard's page (issue 39): what the browser filtered, grouped, sorted and
 * counted over every check's summary, the database now does, and sends one page.
 */
describe.each(DB_KINDS)('the health dashboard page on %s', (kind) => {
  let server: TestServer;
  let viewer: SignedIn;
  const ids: Record<string, string> = {};

  const canary = async (name: string, namespace: string, http: object[]) => {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name, namespace, spec) VALUES ($1, $2, $3) RETURNING id`,
      [name, namespace, JSON.stringify({ http })],
    );
    await syncCanaryChecks(server.db, rows[0]!.id);
  };
  const run = (name: string, pass: boolean, agoMs = 0) =>
    recordCheckResult(
      server.db,
      ids[name]!,
      {
        time: new Date(Date.now() - agoMs),
        pass,
        durationMs: pass ? 5 : 50,
        message: pass ? 'ok' : 'down',
        error: pass ? null : 'down',
        details: {},
      },
      null,
    );

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    viewer = await signIn(server, 'viewer');
    const url = 'http://127.0.0.1:9/';
    await canary('web', 'prod', [
      { name: 'home', url, labels: { tier: 'front', env: 'prod' }, description: 'landing page' },
      { name: 'login', url, labels: { tier: 'front', env: 'prod' } },
      { name: 'Api', url: 'http://127.0.0.1:9/api', labels: { tier: 'back', env: 'prod' } },
    ]);
    await canary('ledger', 'dev', [{ name: 'ledger-db', url, labels: { tier: 'back', env: 'dev' } }]);
    for (const c of (await server.db.query<{ id: string; name: string }>('SELECT id, name FROM checks')).rows)
      ids[c.name] = c.id;
    // Oldest first, as runs happen: the last one sets the check's status.
    await run('login', true, 2 * 3_600_000);
    await run('Api', false, 60_000);
    await run('home', true);
    await run('login', false);
    await run('Api', true);
    await run('ledger-db', true);
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO components (name, status) VALUES ('checkout', 'healthy') RETURNING id`,
    );
    await server.db.query(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
       SELECT $1, id, canary_id FROM checks WHERE id = $2`,
      [rows[0]!.id, ids.login],
    );
    ids.checkout = rows[0]!.id;
  });
  afterAll(async () => server.close());

  const page = async (query: Record<string, string>, who: SignedIn | null = viewer) => {
    const res = await fetch(`${server.baseUrl}/api/health/dashboard?${new URLSearchParams(query)}`, {
      headers: who?.headers ?? {},
    });
    return { status: res.status, body: (await res.json()) as Page & { error?: string } };
  };
  const names = (p: Page) => p.checks.map((c) => c.name);

  it('sends the checks grouped by canary, each group by name, with its figures, the counts, tabs and label options', async () => {
    const { status, body } = await page({});
    expect(status).toBe(200);
    // Groups by name (ledger before web), then the checks by name, case aside.
    expect(names(body)).toEqual(['ledger-db', 'Api', 'home', 'login']);
    expect(body).toMatchObject({ total: 4, passing: 3, failing: 1 });
    expect(body.groups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'web', count: 3, health: 'mixed', passed: 2, failed: 2 }),
        expect.objectContaining({ key: 'ledger', count: 1, health: 'healthy' }),
      ]),
    );
    expect(new Map(body.tabs.map((t) => [t.value, t.count]))).toEqual(
      new Map([
        ['prod', 3],
        ['dev', 1],
      ]),
    );
    const labels = new Map(body.labels.map((l) => [l.key, [...l.values].sort()]));
    expect(labels.get('tier')).toEqual(['back', 'front']);
    expect(labels.get('env')).toEqual(['dev', 'prod']);
    // Each entry is the summary's own.
    expect(body.checks[0]).toMatchObject({ canary_name: 'ledger', status: 'healthy', uptime: { passed: 1 } });
  });

  it('filters by tab, search, status, labels and component, and hides passing checks only from the list', async () => {
    expect(names((await page({ tab: 'dev' })).body)).toEqual(['ledger-db']);
    expect(names((await page({ tab_by: 'tier', tab: 'back' })).body)).toEqual(['ledger-db', 'Api']);
    // Search covers the name, description, endpoint and canary name.
    expect(names((await page({ query: 'LANDING' })).body)).toEqual(['home']);
    expect(names((await page({ query: '/api' })).body)).toEqual(['Api']);
    expect(names((await page({ query: 'ledger' })).body)).toEqual(['ledger-db']);
    expect(names((await page({ status: 'unhealthy' })).body)).toEqual(['login']);
    expect(names((await page({ labels: JSON.stringify({ 'tier=back': 1, 'env=dev': -1 }) })).body)).toEqual([
      'Api',
    ]);
    expect(
      names((await page({ labels: JSON.stringify({ 'env=dev': 1, 'env=prod': 1 }) })).body),
    ).toHaveLength(4);
    expect(names((await page({ component: ids.checkout! })).body)).toEqual(['login']);
    const hidden = await page({ hide_passing: 'true' });
    expect(names(hidden.body)).toEqual(['login']);
    // The counts beside the title still count the passing ones.
    expect(hidden.body).toMatchObject({ total: 1, passing: 3, failing: 1 });
  });

  it('sorts inside the groups, groups by a label or not at all, and pages', async () => {
    expect(names((await page({ group_by: 'no_group', sort: 'health' })).body)[0]).toBe('login');
    expect(names((await page({ group_by: 'no_group', sort: 'uptime', desc: 'true' })).body)).toEqual([
      'ledger-db',
      'home',
      'Api',
      'login',
    ]);
    const byTier = await page({ group_by: 'tier' });
    expect(names(byTier.body)).toEqual(['Api', 'ledger-db', 'home', 'login']);
    expect(byTier.body.groups.map((g) => [g.key, g.count]).sort()).toEqual([
      ['back', 2],
      ['front', 2],
    ]);
    const second = await page({ group_by: 'no_group', limit: '2', offset: '2' });
    expect(names(second.body)).toEqual(['ledger-db', 'login']);
    expect(second.body.total).toBe(4);
    expect(second.body.groups).toEqual([]);
    // Ungrouped and sorted by name, the statement reads no figures; the entries still carry theirs.
    const ledger = (await page({ group_by: 'no_group' })).body.checks.find((c) => c.name === 'ledger-db');
    expect(ledger).toMatchObject({ status: 'healthy', uptime: { passed: 1 } });
  });

  it('counts uptime over the chosen window', async () => {
    const day = await page({ window: '24h', query: 'login' });
    expect(day.body.checks[0]?.uptime).toMatchObject({ passed: 1, failed: 1 });
    expect(day.body.groups[0]).toMatchObject({ passed: 1, failed: 1 });
    const hour = await page({ query: 'login' });
    expect(hour.body.checks[0]?.uptime).toMatchObject({ passed: 0, failed: 1 });
    // A group's figures count all of its checks over the window, whether or not the page is
    // sorted by uptime (then every check's window figures are read; else the page's groups').
    for (const sort of ['name', 'uptime']) {
      const groups = (await page({ window: '24h', sort })).body.groups;
      expect(
        groups.find((g) => g.key === 'web'),
        sort,
      ).toMatchObject({ count: 3, passed: 3, failed: 2 });
      expect(
        groups.find((g) => g.key === 'ledger'),
        sort,
      ).toMatchObject({ count: 1, passed: 1, failed: 0 });
    }
    const hidden = await page({ window: '24h', hide_passing: 'true' });
    expect(hidden.body.groups).toEqual([
      expect.objectContaining({ key: 'web', count: 1, passed: 1, failed: 1 }),
    ]);
  });

  it('refuses bad input with a 400 that says what is wrong, and asks for a sign-in', async () => {
    for (const [query, text] of [
      [{ limit: '0' }, 'limit must be at least 1'],
      [{ limit: '20000' }, 'limit must be at most 10000'],
      [{ sort: 'random' }, 'sort must be one of'],
      [{ labels: 'env=prod' }, 'labels must be a JSON object'],
      [{ status: 'sad' }, 'status must be'],
      [{ component: 'x' }, 'component must be a component id'],
      [{ window: '1s' }, 'window must be a duration'],
    ] as const) {
      const res = await page(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    expect((await page({}, null)).status).toBe(401);
  });

  // Last: it edits the checks the other tests read.
  it('offers the label values live checks carry, as checks and canaries change', async () => {
    const options = async () =>
      new Map((await page({})).body.labels.map((l) => [l.key, [...l.values].sort()]));
    await server.db.query(`UPDATE checks SET labels = labels || '{"tier": "edge"}' WHERE id = $1`, [
      ids.home,
    ]);
    await canary('queue', 'ops', [
      { name: 'queue-depth', url: 'http://127.0.0.1:9/', labels: { team: 'ops' } },
    ]);
    let now = await options();
    expect(now.get('tier')).toEqual(['back', 'edge', 'front']);
    expect(now.get('team')).toEqual(['ops']);
    // The last check carrying a value retired, a canary deleted: their values leave the list.
    await server.db.query(`UPDATE checks SET deleted_at = now() WHERE id = $1`, [ids.home]);
    await server.db.query(`UPDATE canaries SET deleted_at = now() WHERE name = 'queue'`);
    await server.db.query(`DELETE FROM checks WHERE id = $1`, [ids['ledger-db']]);
    now = await options();
    expect(now.get('tier')).toEqual(['back', 'front']);
    expect(now.get('env')).toEqual(['prod']);
    expect(now.has('team')).toBe(false);
    // The kept table is read only through this page, not through the data API.
    const direct = await fetch(`${server.baseUrl}/api/db/check_label_values`, { headers: viewer.headers });
    expect(direct.status).toBe(404);
  });
});
