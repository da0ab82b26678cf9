import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/types.js';
import type { TreeResponse } from '../../src/topology/tree.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { insertChecks, insertConfig, insertTopology } from './fixtures.js';

/**
 * A parent whose checks, config items and incidents all hang off its children (like the demo's
 * payments application): the side panel's views and the card's incident counts cover the
 * subtree, as the card's check and insight counts do.
 */
async function component(
  db: Queryable,
  topologyId: string,
  name: string,
  parent?: { id: string; path: string },
): Promise<{ id: string; path: string }> {
  const path = parent ? [parent.path, parent.id].filter(Boolean).join('.') : '';
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO components (topology_id, parent_id, path, name, status, type)
     VALUES ($1, $2, $3, $4, 'unhealthy', 'Service') RETURNING id`,
    [topologyId, parent?.id ?? null, path, name],
  );
  return { id: rows[0]!.id, path };
}

async function incident(
  db: Queryable,
  fields: { title: string; type: string; severity: string; status: string },
  componentIds: string[],
): Promise<string> {
  const { rows } = await db.query<{ id: string; hypothesis: string }>(
    `WITH i AS (INSERT INTO incidents (title, type, severity, status) VALUES ($1, $2, $3, $4) RETURNING id),
       h AS (INSERT INTO hypotheses (incident_id, type, title) SELECT id, 'root', $1 FROM i RETURNING id)
     SELECT (SELECT id FROM i) AS id, (SELECT id FROM h) AS hypothesis`,
    [fields.title, fields.type, fields.severity, fields.status],
  );
  for (const c of componentIds) {
    await db.query(
      `INSERT INTO evidences (hypothesis_id, type, description, component_id) VALUES ($1, 'topology', 'x', $2)`,
      [rows[0]!.hypothesis, c],
    );
  }
  return rows[0]!.id;
}

describe.each(DB_KINDS)('a component panel covers its subtree (%s)', (kind) => {
  let server: TestServer;
  let app: { id: string; path: string };
  let api: { id: string; path: string };
  let ledger: { id: string; path: string };
  const incidents: Record<string, string> = {};

  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.db;
    const topologyId = await insertTopology(db, 'shop', {});
    app = await component(db, topologyId, 'Payments');
    api = await component(db, topologyId, 'Payments API', app);
    ledger = await component(db, topologyId, 'Ledger', api);
    await component(db, topologyId, 'Storefront');
    const checks = await insertChecks(db, { name: 'payments', namespace: 'payments' }, [
      { name: 'billing-api', status: 'unhealthy' },
      { name: 'ledger-db', status: 'unhealthy' },
    ]);
    const link = async (componentId: string, checkId: string) =>
      db.query(
        `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
         SELECT $1, id, canary_id FROM checks WHERE id = $2`,
        [componentId, checkId],
      );
    await link(api.id, checks['billing-api']!);
    await link(ledger.id, checks['ledger-db']!);
    // Linked at two levels: listed once.
    await link(ledger.id, checks['billing-api']!);
    const deployment = await insertConfig(db, { type: 'Kubernetes::Deployment', name: 'payments-api' });
    for (const c of [api.id, ledger.id])
      await db.query(
        `INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES ($1, $2, 'spec')`,
        [c, deployment],
      );
    await db.query(
      `INSERT INTO config_changes (config_id, change_type, summary) VALUES ($1, 'diff', 'scaled')`,
      [deployment],
    );
    await db.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity) VALUES ($1, 'lint', 'security', 'high')`,
      [deployment],
    );
    incidents.down = await incident(
      db,
      { title: 'Ledger down', type: 'availability', severity: 'high', status: 'investigating' },
      [ledger.id, api.id],
    );
    incidents.slow = await incident(
      db,
      { title: 'API slow', type: 'performance', severity: 'low', status: 'open' },
      [api.id],
    );
    incidents.old = await incident(
      db,
      { title: 'Old outage', type: 'availability', severity: 'high', status: 'resolved' },
      [ledger.id],
    );
  });
  afterAll(async () => server?.close());

  it("lists the children's checks, config items, changes and insights for the parent, each once", async () => {
    const checks = await get<{ name: string; linked_component_id: string }[]>(
      `/api/db/checks_by_component?component_id=eq.${app.id}&select=name,linked_component_id&order=name`,
    );
    expect(checks).toEqual([
      { name: 'billing-api', linked_component_id: api.id },
      { name: 'ledger-db', linked_component_id: ledger.id },
    ]);
    // A component's own links stay its own.
    const own = await get<{ name: string }[]>(
      `/api/db/checks_by_component?component_id=eq.${ledger.id}&select=name&order=name`,
    );
    expect(own.map((c) => c.name)).toEqual(['billing-api', 'ledger-db']);

    const configs = await get<{ name: string; selector_id: string }[]>(
      `/api/db/configs_by_component?component_id=eq.${app.id}&select=name,selector_id`,
    );
    expect(configs).toEqual([{ name: 'payments-api', selector_id: 'spec' }]);
    const changes = await get<{ summary: string }[]>(
      `/api/db/changes_by_component?component_id=eq.${app.id}&select=summary`,
    );
    expect(changes).toEqual([{ summary: 'scaled' }]);
    const insights = await get<{ analyzer: string }[]>(
      `/api/db/analysis_by_component?component_id=eq.${app.id}&select=analyzer`,
    );
    expect(insights).toEqual([{ analyzer: 'lint' }]);
  });

  it("finds the incidents of a component's subtree, each once", async () => {
    const found = await get<{ title: string }[]>(
      `/api/db/incidents_by_component?component_id=eq.${app.id}&select=title&order=title`,
    );
    expect(found.map((i) => i.title)).toEqual(['API slow', 'Ledger down', 'Old outage']);
  });

  it('counts incidents in progress per type and severity on the cards, the subtree included', async () => {
    const tree = await get<TreeResponse>('/api/canary/api/topology');
    const byName = new Map(tree.components.map((c) => [c.name, c]));
    expect(byName.get('Payments')?.summary).toMatchObject({
      incidents: { availability: { high: 1 }, performance: { low: 1 } },
    });
    expect(byName.get('Storefront')?.summary).toMatchObject({ incidents: {} });
    const one = await get<TreeResponse>(`/api/canary/api/topology?id=${api.id}`);
    const [apiCard] = one.components;
    expect(apiCard?.summary).toMatchObject({
      incidents: { availability: { high: 1 }, performance: { low: 1 } },
    });
    const ledgerCard = apiCard?.children.find((c) => c.name === 'Ledger');
    // The resolved outage no longer counts.
    expect(ledgerCard?.summary).toMatchObject({ incidents: { availability: { high: 1 } } });
  });
});
