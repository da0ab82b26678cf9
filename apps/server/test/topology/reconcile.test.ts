import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topologyScheduler, topologyStatusRefresh } from '../../src/topology/jobs.js';
import { reconcileTopology } from '../../src/topology/reconcile.js';
import { refreshStatuses } from '../../src/topology/rollup.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import {
  componentsByName,
  insertChecks,
  insertConfig,
  insertTopology,
  setCheckStatus,
  setSpec,
} from './fixtures.js';

const ORDERS_DB = {
  name: 'Orders DB',
  type: 'Database',
  configs: [{ types: ['AWS::RDS::DBInstance'], name: 'orders-db' }],
};
const SPEC = {
  type: 'Cluster',
  lookup: { configs: [{ types: ['Kubernetes::Namespace'], tagSelector: 'cluster=c1' }] },
  forEach: {
    type: 'Namespace',
    checks: [{ selector: { labelSelector: 'team=$(.config.labels.team)' } }],
    properties: [{ name: 'Phase', configLookup: { field: '$.status.phase' } }],
    lookup: { configs: [{ types: ['Kubernetes::Pod'], namespace: '$(.config.name)' }] },
    forEach: {
      type: 'Pod',
      properties: [{ name: 'Image', headline: true, configLookup: { field: '$.spec.containers[0].image' } }],
    },
  },
  components: [ORDERS_DB],
};

describe.each(DB_KINDS)('topology reconciliation (%s)', (kind) => {
  let server: TestServer;
  let topologyId: string;
  let checks: Record<string, string>;
  let ordersDb: string;
  let shopWeb2: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.db;
    // Two active namespaces of cluster c1, each labelled with the team that owns it.
    for (const team of ['shop', 'billing']) {
      await insertConfig(db, {
        type: 'Kubernetes::Namespace',
        name: team,
        labels: { team },
        tags: { cluster: 'c1' },
        config: { status: { phase: 'Active' } },
        health: 'healthy',
      });
    }
    await insertConfig(db, { type: 'Kubernetes::Namespace', name: 'elsewhere', tags: { cluster: 'c2' } });
    await insertConfig(db, {
      type: 'Kubernetes::Pod',
      name: 'shop-web-1',
      namespace: 'shop',
      config: { spec: { containers: [{ image: 'web:1.0' }] } },
      health: 'healthy',
    });
    shopWeb2 = await insertConfig(db, {
      type: 'Kubernetes::Pod',
      name: 'shop-web-2',
      namespace: 'shop',
      config: { spec: { containers: [{ image: 'web:1.1' }] } },
      health: 'unhealthy',
    });
    await insertConfig(db, {
      type: 'Kubernetes::Pod',
      name: 'billing-api-1',
      namespace: 'billing',
      health: 'healthy',
    });
    ordersDb = await insertConfig(db, {
      type: 'AWS::RDS::DBInstance',
      name: 'orders-db',
      health: 'warning',
      cost30d: 100,
    });
    await db.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status)
       VALUES ($1, 'public-access', 'security', 'Critical', 'open')`,
      [ordersDb],
    );
    checks = await insertChecks(db, { name: 'shop', namespace: 'shop', labels: { team: 'shop' } }, [
      { name: 'shop-home', status: 'healthy' },
      { name: 'shop-cart', status: 'unhealthy' },
      { name: 'shop-search', status: 'healthy' },
    ]);
    topologyId = await insertTopology(db, 'c1', SPEC);
  });
  afterAll(async () => server?.close());

  it('builds the tree: a child per looked-up item, nested lookups, links and properties', async () => {
    const res = await fetch(`${server.baseUrl}/api/topology/run/${topologyId}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { created: number; components: number; warnings: string[] };
    // c1, shop, billing, 3 pods, Orders DB; the c2 namespace is not selected.
    expect(result.created).toBe(7);
    // The billing pod has no image in its config: reported, not fatal.
    expect(result.warnings).toEqual(['billing-api-1: property Image: nothing at $.spec.containers[0].image']);

    const c = await componentsByName(server.db, topologyId);
    expect([...c.keys()].sort()).toEqual([
      'Orders DB',
      'billing',
      'billing-api-1',
      'c1',
      'shop',
      'shop-web-1',
      'shop-web-2',
    ]);
    const root = c.get('c1')!;
    const shop = c.get('shop')!;
    expect(root.parent_id).toBeNull();
    expect(shop.parent_id).toBe(root.id);
    expect(shop.type).toBe('Namespace');
    expect(c.get('shop-web-1')!.path).toBe(`${root.id}.${shop.id}`);
    expect(c.get('shop-web-1')!.type).toBe('Pod');
    expect(c.get('shop-web-1')!.properties).toEqual([{ name: 'Image', headline: true, text: 'web:1.0' }]);
    expect(shop.properties).toEqual([{ name: 'Phase', text: 'Active' }]);

    const { rows: links } = await server.db.query<{ name: string }>(
      `SELECT k.name FROM check_component_relationships r JOIN checks k ON k.id = r.check_id
       WHERE r.component_id = $1 AND r.deleted_at IS NULL ORDER BY k.name`,
      [shop.id],
    );
    expect(links.map((l) => l.name)).toEqual(['shop-cart', 'shop-home', 'shop-search']);

    const { rows: jobs } = await server.db.query<{
      status: string;
      resource_name: string;
      success_count: number;
    }>(
      `SELECT status, resource_name, success_count FROM job_histories WHERE resource_type = 'topology' AND resource_id = $1`,
      [topologyId],
    );
    // The property warning makes the run a WARNING, with the components built all the same.
    expect(jobs).toEqual([{ status: 'WARNING', resource_name: 'c1', success_count: 7 }]);
  });

  it('rolls health up: unhealthy over warning over healthy, with reasons and summaries', async () => {
    const c = await componentsByName(server.db, topologyId);
    expect(c.get('shop-web-2')!.status).toBe('unhealthy');
    expect(c.get('shop')!.status).toBe('unhealthy');
    expect(c.get('shop')!.status_reason).toBe('1 of 3 checks failing; 1 of 2 components unhealthy');
    expect(c.get('billing')!.status).toBe('healthy');
    expect(c.get('billing')!.status_reason).toBeNull();
    expect(c.get('Orders DB')!.status).toBe('warning');
    expect(c.get('Orders DB')!.status_reason).toBe('1 of 1 config warning');
    expect(c.get('Orders DB')!.summary).toMatchObject({ insights: { security: { critical: 1 } } });
    const root = c.get('c1')!;
    expect(root.status).toBe('unhealthy');
    expect(root.status_reason).toBe('1 of 3 components unhealthy');
    expect(root.summary).toMatchObject({
      healthy: 1,
      unhealthy: 1,
      warning: 1,
      unknown: 0,
      checks: { healthy: 2, unhealthy: 1, warning: 0, unknown: 0 },
      insights: { security: { critical: 1 } },
    });
    const { rows } = await server.db.query<{ cost: number }>(
      'SELECT cost_total_30d::float8 AS cost FROM components WHERE id = $1',
      [root.id],
    );
    expect(rows[0]?.cost).toBe(100);

    // A check recovers: the periodic status refresh clears the check part of the reason.
    await setCheckStatus(server.db, checks['shop-cart']!, 'healthy');
    const refreshed = await topologyStatusRefresh.run(server.ctx, new AbortController().signal);
    expect(refreshed).toMatchObject({ success: 2 });
    const after = await componentsByName(server.db, topologyId);
    expect(after.get('shop')!.status_reason).toBe('1 of 2 components unhealthy');
    await setCheckStatus(server.db, checks['shop-cart']!, 'unhealthy');
  });

  it('counts a check that has not run since start by its newest stored result (demo history)', async () => {
    const cart = checks['shop-cart']!;
    await server.db.query('UPDATE checks SET status = NULL WHERE id = $1', [cart]);
    await server.db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status) VALUES
         ($1, now() - interval '20 minutes', 5, true), ($1, now() - interval '10 minutes', 5, false)`,
      [cart],
    );
    await topologyStatusRefresh.run(server.ctx, new AbortController().signal);
    const now = await componentsByName(server.db, topologyId);
    expect(now.get('shop')!.status_reason).toBe('1 of 3 checks failing; 1 of 2 components unhealthy');
    await setCheckStatus(server.db, cart, 'unhealthy');
  });

  it('keeps ids on re-runs and soft-deletes components whose items are gone', async () => {
    const before = await componentsByName(server.db, topologyId);
    const again = await reconcileTopology(server.ctx, topologyId);
    expect(again).toMatchObject({ created: 0, deleted: 0 });
    const same = await componentsByName(server.db, topologyId);
    for (const [name, comp] of before) expect(same.get(name)!.id).toBe(comp.id);

    await server.db.query('UPDATE config_items SET deleted_at = now() WHERE id = $1', [shopWeb2]);
    const result = await reconcileTopology(server.ctx, topologyId);
    expect(result).toMatchObject({ created: 0, deleted: 1 });
    const after = await componentsByName(server.db, topologyId);
    expect(after.get('shop-web-2')!.deleted_at).not.toBeNull();
    expect(after.get('shop')!.status_reason).toBe('1 of 3 checks failing');
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_component_relationships
       WHERE config_id = $1 AND deleted_at IS NULL`,
      [shopWeb2],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('never removes manual config links; removing a component from the spec retires it and its links', async () => {
    const c = await componentsByName(server.db, topologyId);
    const billing = c.get('billing')!;
    const post = await fetch(`${server.baseUrl}/api/db/config_component_relationships`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ component_id: billing.id, config_id: ordersDb, selector_id: 'manual' }),
    });
    expect(post.status).toBe(201);

    await reconcileTopology(server.ctx, topologyId);
    let now = await componentsByName(server.db, topologyId);
    expect(now.get('billing')!.status).toBe('warning');
    expect(now.get('billing')!.status_reason).toBe('1 of 2 configs warning');

    await setSpec(server.db, topologyId, { ...SPEC, components: [] });
    const removed = await reconcileTopology(server.ctx, topologyId);
    expect(removed.deleted).toBe(1);
    now = await componentsByName(server.db, topologyId);
    expect(now.get('Orders DB')!.deleted_at).not.toBeNull();
    const { rows: links } = await server.db.query<{ component_id: string; selector_id: string }>(
      `SELECT component_id, selector_id FROM config_component_relationships WHERE config_id = $1 AND deleted_at IS NULL`,
      [ordersDb],
    );
    expect(links).toEqual([{ component_id: billing.id, selector_id: 'manual' }]);

    // Unlinking through the data API, as the 'Delete config link' menu does.
    const del = await fetch(
      `${server.baseUrl}/api/db/config_component_relationships?component_id=eq.${billing.id}&config_id=eq.${ordersDb}&selector_id=eq.manual`,
      { method: 'DELETE' },
    );
    expect(del.status).toBe(204);
    await refreshStatuses(server.db, topologyId);
    now = await componentsByName(server.db, topologyId);
    expect(now.get('billing')!.status).toBe('healthy');

    // The component comes back with its old id when the spec lists it again.
    await setSpec(server.db, topologyId, SPEC);
    const back = await reconcileTopology(server.ctx, topologyId);
    expect(back.created).toBe(1);
    const revived = await componentsByName(server.db, topologyId);
    expect(revived.get('Orders DB')!.id).toBe(c.get('Orders DB')!.id);
    expect(revived.get('Orders DB')!.deleted_at).toBeNull();
  });

  it('retires the components of a deleted topology', async () => {
    const other = await insertTopology(server.db, 'short-lived', { components: [{ name: 'temporary' }] });
    await reconcileTopology(server.ctx, other);
    expect((await componentsByName(server.db, other)).get('temporary')!.deleted_at).toBeNull();
    await server.db.query('UPDATE topologies SET deleted_at = now() WHERE id = $1', [other]);
    await topologyScheduler.run(server.ctx, new AbortController().signal);
    const after = await componentsByName(server.db, other);
    expect(after.get('temporary')!.deleted_at).not.toBeNull();
    expect(after.get('short-lived')!.deleted_at).not.toBeNull();
    // The live topology is untouched.
    expect((await componentsByName(server.db, topologyId)).get('shop')!.deleted_at).toBeNull();
  });

  it('answers 404 for an unknown topology and 400 for a bad id or spec', async () => {
    const missing = await fetch(`${server.baseUrl}/api/topology/run/00000000-0000-4000-8000-000000000001`, {
      method: 'POST',
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/not found/);
    const bad = await fetch(`${server.baseUrl}/api/topology/run/nope`, { method: 'POST' });
    expect(bad.status).toBe(400);
    const broken = await insertTopology(server.db, 'broken', { components: [{ title: 'no name' }] });
    const res = await fetch(`${server.baseUrl}/api/topology/run/${broken}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain('spec.components.0.name');
  });
});
