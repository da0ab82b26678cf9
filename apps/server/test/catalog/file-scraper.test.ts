import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.js';
import { api, byName, catalogServer, createScraper, items, runNow } from './helpers.js';

const DEPLOYMENT = (replicas: number, image = 'ghcr.io/acme/api:1.0.0') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
  uid: dep-api
  labels: {app: api, team: payments}
spec:
  replicas: ${replicas}
  template:
    spec:
      containers:
        - name: api
          image: ${image}
          resources:
            limits: {cpu: 500m, memory: 256Mi}
status:
  readyReplicas: ${replicas}
---
apiVersion: v1
kind: Pod
metadata:
  name: api-1
  namespace: shop
  uid: pod-api-1
  labels: {app: api}
  ownerReferences:
    - {apiVersion: apps/v1, kind: Deployment, name: api, uid: dep-api, controller: true}
spec:
  nodeName: node-a
  containers: [{name: api, image: '${image}', resources: {limits: {cpu: 500m, memory: 256Mi}}}]
status:
  phase: Running
  containerStatuses: [{name: api, ready: true}]
`;

const OTHERS = `apiVersion: v1
kind: Namespace
metadata: {name: shop, uid: ns-shop}
status: {phase: Active}
---
apiVersion: v1
kind: Node
metadata: {name: node-a, uid: node-a-uid}
status:
  conditions: [{type: Ready, status: "True"}]
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop, uid: svc-api}
spec:
  selector: {app: api}
---
apiVersion: v1
kind: Pod
metadata: {name: debug, namespace: shop, uid: pod-debug}
spec:
  containers:
    - name: debug
      image: nicolaka/netshoot
      securityContext: {privileged: true, runAsUser: 0}
status:
  phase: Running
  containerStatuses: [{name: debug, ready: true}]
`;

const CLOUD = JSON.stringify({
  resources: [
    {
      id: 'db-1',
      type: 'AWS::RDS::DBInstance',
      name: 'orders',
      public: true,
      account: 'a1',
      cost: { d30: 120.5 },
    },
    {
      id: 'bucket-1',
      type: 'AWS::S3::Bucket',
      name: 'assets',
      acl: 'private',
      account: 'a2',
      cost: { d30: 3 },
    },
  ],
});

const NDJSON = [
  '{"id":"q-1","kind":"Queue","name":"orders-queue"}',
  '{"id":"q-2","kind":"Queue","name":"mail-queue"}',
].join('\n');

describe.each(DB_KINDS)('file scraper and catalog (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof catalogServer>>;
  let scraperId: string;
  const k8s = () => path.join(server.dir, 'manifests');
  const write = (file: string, text: string) => fs.writeFileSync(path.join(k8s(), file), text);
  /** The Deployment's changes, oldest first. */
  const deploymentChanges = async () =>
    (
      await server.db.query<{
        change_type: string;
        summary: string;
        diff: string;
        patches: unknown;
        count: number;
        first_observed: Date;
        created_at: Date;
      }>(
        `SELECT cc.change_type, cc.summary, cc.diff, cc.patches, cc.count, cc.first_observed, cc.created_at
         FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
         WHERE ci.type = 'Kubernetes::Deployment' ORDER BY cc.first_observed`,
      )
    ).rows;

  beforeAll(async () => {
    server = await catalogServer(kind);
    fs.mkdirSync(k8s(), { recursive: true });
    write('apps.yaml', DEPLOYMENT(2));
    write('others.yml', OTHERS);
    write('cloud.json', CLOUD);
    write('queues.ndjson', NDJSON);
    scraperId = await createScraper(server, 'files', {
      retention: { staleItemAge: '0s' },
      file: [
        { paths: ['manifests/*.yaml', 'manifests/*.yml'], tags: { cluster: 'test' } },
        {
          paths: ['manifests/cloud.json'],
          items: '$.resources[*]',
          id: '$.id',
          type: '$.type',
          name: '$.name',
          tags: { account: '$.account' },
          cost: { total30d: '$.cost.d30' },
        },
        { paths: ['manifests/*.ndjson'], id: '$.id', type: '$.kind', name: '$.name' },
      ],
    });
  });
  afterAll(async () => server?.close());

  it('reads YAML (multi-document), JSON with items and NDJSON into typed items', async () => {
    const result = await runNow(server, scraperId);
    expect(result.errors).toEqual([]);
    expect(result.configs_scraped).toBe(10);
    const rows = await items(server, scraperId);
    expect(rows.map((r) => r.type)).toEqual([
      'AWS::RDS::DBInstance',
      'AWS::S3::Bucket',
      'Kubernetes::Deployment',
      'Kubernetes::Namespace',
      'Kubernetes::Node',
      'Kubernetes::Pod',
      'Kubernetes::Pod',
      'Kubernetes::Service',
      'Queue',
      'Queue',
    ]);
    const orders = byName(rows, 'orders');
    expect(orders).toMatchObject({
      type: 'AWS::RDS::DBInstance',
      config_class: 'DBInstance',
      tags: { account: 'a1' },
    });
    expect(Number(orders.cost_total_30d)).toBe(120.5);
    expect(byName(rows, 'orders-queue')).toMatchObject({ type: 'Queue', config_class: 'Queue' });
  });

  it('links pods to their owner (parent and path), nodes and services', async () => {
    const rows = await items(server, scraperId);
    const dep = rows.find((r) => r.type === 'Kubernetes::Deployment');
    const ns = byName(rows, 'shop');
    const pod = byName(rows, 'api-1');
    expect(dep?.parent_id).toBe(ns.id);
    expect(pod.parent_id).toBe(dep?.id);
    expect(pod.path).toBe(`${ns.id}.${dep?.id}`);
    expect(pod).toMatchObject({
      health: 'healthy',
      status: 'Running',
      tags: { cluster: 'test', namespace: 'shop' },
    });
    const rels = await server.db.query<{ relation: string; from: string; to: string }>(
      `SELECT r.relation, a.name AS from, b.name AS to FROM config_relationships r
       JOIN config_items a ON a.id = r.config_id JOIN config_items b ON b.id = r.related_id
       WHERE r.deleted_at IS NULL ORDER BY 1`,
    );
    expect(rels.rows).toEqual([
      { relation: 'node', from: 'node-a', to: 'api-1' },
      { relation: 'selects', from: 'api', to: 'api-1' },
    ]);
  });

  it('raises insights: privileged, root, latest tag, missing limits, public access', async () => {
    const r = await server.db.query<{ name: string; analyzer: string; severity: string; status: string }>(
      `SELECT ci.name, ca.analyzer, ca.severity, ca.status FROM config_analysis ca
       JOIN config_items ci ON ci.id = ca.config_id ORDER BY ci.name, ca.analyzer`,
    );
    expect(r.rows).toEqual([
      { name: 'debug', analyzer: 'latest-image-tag', severity: 'low', status: 'open' },
      { name: 'debug', analyzer: 'missing-resource-limits', severity: 'medium', status: 'open' },
      { name: 'debug', analyzer: 'privileged-container', severity: 'high', status: 'open' },
      { name: 'debug', analyzer: 'root-container', severity: 'medium', status: 'open' },
      { name: 'orders', analyzer: 'public-access', severity: 'high', status: 'open' },
    ]);
  });

  it('records a diff change with a unified diff, a merge patch and the changed keys', async () => {
    expect((await runNow(server, scraperId)).changes).toBe(0);
    write('apps.yaml', DEPLOYMENT(3));
    const result = await runNow(server, scraperId);
    expect(result.changes).toBe(1);
    const changes = await deploymentChanges();
    expect(changes).toHaveLength(1);
    const change = changes[0];
    expect(change?.change_type).toBe('diff');
    expect(change?.summary).toBe('spec.replicas, status.readyReplicas changed');
    expect(change?.patches).toEqual({ spec: { replicas: 3 }, status: { readyReplicas: 3 } });
    expect(change?.diff).toContain('-  replicas: 2\n+  replicas: 3');
    expect(change?.diff?.startsWith('--- before\n+++ after\n@@ -')).toBe(true);
  });

  it('counts an identical change within the hour instead of repeating it', async () => {
    write('apps.yaml', DEPLOYMENT(2));
    await runNow(server, scraperId);
    write('apps.yaml', DEPLOYMENT(3));
    const again = await runNow(server, scraperId);
    expect(again.changes).toBe(0);
    const changes = await deploymentChanges();
    expect(changes.map((r) => r.count)).toEqual([2, 1]);
    expect(changes[0]!.created_at.getTime()).toBeGreaterThan(changes[0]!.first_observed.getTime());
  });

  it('resolves insights that no longer apply', async () => {
    write('others.yml', OTHERS.replace('image: nicolaka/netshoot', 'image: nicolaka/netshoot:v0.13'));
    await runNow(server, scraperId);
    const r = await server.db.query<{ status: string }>(
      `SELECT status FROM config_analysis WHERE analyzer = 'latest-image-tag'`,
    );
    expect(r.rows).toEqual([{ status: 'resolved' }]);
  });

  it('marks items no longer found as deleted, with a DELETE change', async () => {
    write('queues.ndjson', NDJSON.split('\n')[0] ?? '');
    await runNow(server, scraperId);
    const rows = await items(server, scraperId);
    expect(byName(rows, 'mail-queue').deleted_at).not.toBeNull();
    expect(byName(rows, 'orders-queue').deleted_at).toBeNull();
    const c = await server.db.query<{ change_type: string }>(
      `SELECT change_type FROM config_changes WHERE config_id = $1`,
      [byName(rows, 'mail-queue').id],
    );
    expect(c.rows).toEqual([{ change_type: 'DELETE' }]);
  });

  it('summarises by type and by tag', async () => {
    const byType = await api<Record<string, unknown>[]>(server, 'POST', '/api/catalog/summary', {
      groupBy: ['type'],
    });
    expect(byType.status).toBe(200);
    const dep = byType.body.find((r) => r.type === 'Kubernetes::Deployment');
    expect(dep).toMatchObject({ count: 1, health: { healthy: 1 }, changes: 2 });
    const pods = byType.body.find((r) => r.type === 'Kubernetes::Pod');
    expect(pods).toMatchObject({ count: 2, analysis: { security: 2, reliability: 1 } });
    expect(byType.body.find((r) => r.type === 'Queue')).toMatchObject({ count: 1 });
    const live = await api<Record<string, unknown>[]>(server, 'POST', '/api/catalog/summary', {
      groupBy: 'type',
      changes: { since: '1h' },
    });
    expect(live.body.find((r) => r.type === 'Kubernetes::Deployment')).toMatchObject({ changes: 2 });
    await server.db.query('UPDATE config_items SET changes_30d = 0');
    await server.db.query('SELECT refresh_config_change_counts()');
    const rebased = await api<Record<string, unknown>[]>(server, 'POST', '/api/catalog/summary', {
      groupBy: ['type'],
    });
    expect(rebased.body).toEqual(byType.body);

    const byTag = await api<Record<string, unknown>[]>(server, 'POST', '/api/catalog/summary', {
      groupBy: ['account'],
      filter: {},
      tags: 'account____a1',
    });
    expect(byTag.body).toEqual([
      expect.objectContaining({ account: 'a1', count: 1, cost_total_30d: 120.5, analysis: { security: 1 } }),
    ]);
    const bad = await api<{ error: string }>(server, 'POST', '/api/catalog/summary', {
      groupBy: ['type;drop'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('groupBy');
    // A window of thousands of years is refused, not turned into an invalid date.
    const farWindow = await api<{ error: string }>(server, 'POST', '/api/catalog/summary', {
      changes: { since: 'now-9999999999d' },
    });
    expect(farWindow.status).toBe(400);
    expect(farWindow.body.error).toContain('changes.since');
    const farFrom = await api<{ error: string }>(server, 'POST', '/api/catalog/changes', {
      from: 'now-9999999999d',
    });
    expect(farFrom.status).toBe(400);
    expect(farFrom.body.error).toContain('from: "now-9999999999d" is not a time');
  });

  it('searches changes: recursive downstream and upstream, filters, tags, sorting and paging', async () => {
    const rows = await items(server, scraperId);
    const ns = byName(rows, 'shop');
    const pod = byName(rows, 'api-1');
    const direct = await api<{ total: number; changes: { name: string }[] }>(
      server,
      'POST',
      '/api/catalog/changes',
      {
        id: ns.id,
      },
    );
    expect(direct.body.total).toBe(0);
    const down = await api<{
      total: number;
      summary: Record<string, number>;
      changes: { name: string; type: string }[];
    }>(server, 'POST', '/api/catalog/changes', { id: ns.id, recursive: 'downstream', depth: 5 });
    expect(down.body.summary).toEqual({ diff: 3 });
    expect(new Set(down.body.changes.map((c) => c.name))).toEqual(new Set(['api', 'debug']));
    const up = await api<{ total: number }>(server, 'POST', '/api/catalog/changes', {
      id: pod.id,
      recursive: 'upstream',
    });
    expect(up.body.total).toBe(2);

    const filtered = await api<{ total: number; changes: { change_type: string }[] }>(
      server,
      'POST',
      '/api/catalog/changes',
      {
        config_type: 'Kubernetes::Pod,Queue',
        type: 'diff',
        from: 'now-2d',
      },
    );
    expect(filtered.body.changes.map((c) => c.change_type)).toEqual(['diff']);
    const deletedToo = await api<{ changes: { change_type: string }[] }>(
      server,
      'POST',
      '/api/catalog/changes',
      {
        config_type: 'Kubernetes::Pod,Queue',
        type: 'diff:-1',
        include_deleted_configs: true,
      },
    );
    expect(deletedToo.body.changes.map((c) => c.change_type)).toEqual(['DELETE']);
    const tagged = await api<{ total: number }>(server, 'POST', '/api/catalog/changes', {
      tags: 'namespace____shop',
    });
    expect(tagged.body.total).toBe(3);
    const excluded = await api<{ total: number }>(server, 'POST', '/api/catalog/changes', {
      tags: 'namespace____shop:-1',
    });
    expect(excluded.body.total).toBe(0);
    const withDeleted = await api<{ total: number }>(server, 'POST', '/api/catalog/changes', {
      tags: ['namespace____shop:-1'],
      include_deleted_configs: true,
    });
    expect(withDeleted.body.total).toBe(1);

    const page1 = await api<{ total: number; changes: { id: string; count: number }[] }>(
      server,
      'POST',
      '/api/catalog/changes',
      {
        sort_by: '-count',
        page_size: 2,
        page: 1,
      },
    );
    const page2 = await api<{ changes: { id: string }[] }>(server, 'POST', '/api/catalog/changes', {
      sort_by: '-count',
      page_size: 2,
      page: 2,
    });
    expect(page1.body.total).toBe(3);
    expect(page1.body.changes[0]?.count).toBe(2);
    expect(page2.body.changes).toHaveLength(1);
    expect(page2.body.changes.map((c) => c.id)).not.toContain(page1.body.changes[0]?.id);

    const badSort = await api<{ error: string }>(server, 'POST', '/api/catalog/changes', {
      sort_by: 'password',
    });
    expect(badSort.status).toBe(400);
    const badTag = await api<{ error: string }>(server, 'POST', '/api/catalog/changes', { tags: 'nokey' });
    expect(badTag.body.error).toContain('key____value');
  });

  it('applies change retention by count', async () => {
    await server.db.query(
      `UPDATE config_scrapers SET spec = jsonb_set(spec, '{retention,changes}', '[{"name":"diff","count":1}]') WHERE id = $1`,
      [scraperId],
    );
    await runNow(server, scraperId);
    const r = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.type = 'Kubernetes::Deployment' AND cc.change_type = 'diff'`,
    );
    expect(r.rows[0]?.n).toBe(1);
  });

  it('records each run in job history with the scraper name', async () => {
    const r = await server.db.query<{
      status: string;
      resource_name: string;
      success_count: number;
      details: { scrape_summary?: object };
    }>(
      `SELECT status, resource_name, success_count, details FROM job_histories
       WHERE resource_type = 'config_scraper' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(r.rows[0]).toMatchObject({ status: 'SUCCESS', resource_name: 'files', success_count: 9 });
    expect(r.rows[0]?.details.scrape_summary).toHaveProperty('Kubernetes::Pod');
  });
});
