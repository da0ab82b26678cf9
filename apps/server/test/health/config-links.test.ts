import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCheckConfigLinks } from '../../src/health/config-links.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

type Linked = { config_id: string; name: string };

describe.each(DB_KINDS)("checks' relationships to config items (%s)", (kind) => {
  let server: TestServer;
  let api: string;
  const items = new Map<string, string>();

  const send = (method: string, path: string, body: unknown) =>
    fetch(`${api}${path}`, {
      method,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });
  const linksOf = async (checkName: string): Promise<string[]> => {
    const res = await fetch(
      `${api}/check_summary_for_config?select=config_id,name&name=eq.${checkName}&order=config_id`,
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Linked[];
    const names = new Map([...items].map(([n, id]) => [id, n]));
    return rows.map((r) => names.get(r.config_id) ?? r.config_id).sort();
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = `${server.baseUrl}/api/db`;
    for (const [name, type] of [
      ['payments-api', 'Kubernetes::Deployment'],
      ['ledger-worker', 'Kubernetes::Deployment'],
      ['payments', 'Kubernetes::Namespace'],
    ]) {
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO config_items (type, name, external_id, labels) VALUES ($1, $2, ARRAY[$2], '{"team": "payments"}')
         RETURNING id`,
        [type, name],
      );
      items.set(name!, rows[0]!.id);
    }
  });
  afterAll(() => server.close());

  it('links the configs a check selects, follows spec changes and drops the links with the check', async () => {
    const created = await send('POST', '/canaries', {
      name: 'payments',
      spec: {
        schedule: '@every 1m',
        http: [
          {
            name: 'billing',
            url: 'http://127.0.0.1:9/',
            relationships: { configs: [{ type: 'Kubernetes::Deployment', name: 'payments-*' }] },
          },
        ],
        tcp: [{ name: 'ledger', endpoint: '127.0.0.1:9' }],
      },
    });
    expect(created.status).toBe(201);
    const [canary] = (await created.json()) as { id: string }[];
    expect(await linksOf('billing')).toEqual(['payments-api']);
    expect(await linksOf('ledger')).toEqual([]);

    const changed = await send('PATCH', `/canaries?id=eq.${canary!.id}`, {
      spec: {
        schedule: '@every 1m',
        http: [{ name: 'billing', url: 'http://127.0.0.1:9/' }],
        tcp: [
          {
            name: 'ledger',
            endpoint: '127.0.0.1:9',
            relationships: {
              configs: [
                { labelSelector: 'team=payments', types: ['Kubernetes::Deployment'] },
                { name: 'payments' },
              ],
            },
          },
        ],
      },
    });
    expect(changed.status).toBe(200);
    expect(await linksOf('billing')).toEqual([]);
    expect(await linksOf('ledger')).toEqual(['ledger-worker', 'payments', 'payments-api']);

    // A config scraped later is linked by the periodic job.
    await server.db.query(
      `INSERT INTO config_items (type, name, external_id, labels) VALUES ('Kubernetes::Deployment', 'ledger-cron', '{ledger-cron}', '{"team": "payments"}')`,
    );
    expect(await syncCheckConfigLinks(server.db)).toBe(4);
    expect(await linksOf('ledger')).toHaveLength(4);

    const deleted = await send('PATCH', `/canaries?id=eq.${canary!.id}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBe(200);
    expect(await linksOf('ledger')).toEqual([]);
  });

  it('refuses a relationship selector it cannot read, storing nothing', async () => {
    const res = await send('POST', '/canaries', {
      name: 'broken-links',
      spec: {
        http: [
          { name: 'x', url: 'http://127.0.0.1:9/', relationships: { configs: [{ labelSelector: '=' }] } },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('relationships.configs');
    const { rows } = await server.db.query("SELECT 1 FROM canaries WHERE name = 'broken-links'");
    expect(rows).toHaveLength(0);
  });
});
