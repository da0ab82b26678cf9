import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { api } from '../catalog/helpers.js';
import { fakeKubernetes } from '../catalog/peers.js';
import { insertChecks, insertConfig } from '../topology/fixtures.js';

/**
 * canary-checker topology fixtures (its fixtures/topology shapes, cases written anew here):
 * each valid document is saved through /api/db/topologies, built, and the components,
 * properties and statuses it promises are checked; invalid ones are refused with a 400 that
 * names the field. docs/topology.md has the compatibility table.
 */

const FIXTURES = path.join(import.meta.dirname, 'topology-fixtures');

type Row = {
  id: string;
  name: string;
  type: string | null;
  parent: string | null;
  status: string;
  status_reason: string | null;
  properties: { name: string; text?: string; value?: number; min?: number; max?: number }[];
  summary: Record<string, number>;
};

/** A loopback peer in httpbin's shape: /status/<code>, plus a JSON list of services. */
async function peer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const status = /^\/status\/(\d{3})$/.exec(req.url ?? '');
    if (status) {
      res.writeHead(Number(status[1]));
      res.end();
      return;
    }
    if (req.url === '/services') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          region: 'eu-west-1',
          services: [
            { name: 'component-a', kind: 'API', errors: 1 },
            { name: 'component-b', kind: 'Frontend', errors: 50 },
          ],
        }),
      );
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DB_KINDS)('canary-checker topology compatibility (%s)', (kind) => {
  let server: TestServer;
  let loop: Awaited<ReturnType<typeof peer>>;

  const fixture = (file: string) =>
    fs.readFileSync(path.join(FIXTURES, file), 'utf8').replaceAll('$PORT', String(loop.port));

  const save = async (spec: unknown): Promise<string> => {
    const r = await api<{ id: string }[]>(
      server,
      'POST',
      '/api/db/topologies',
      { spec },
      {
        prefer: 'return=representation',
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body[0]!.id;
  };
  const refused = async (spec: unknown): Promise<string> => {
    const r = await api<{ message: string }>(server, 'POST', '/api/db/topologies', { name: 'bad', spec });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    return r.body.message;
  };
  const build = async (id: string) => {
    const r = await api<{ warnings: string[] }>(server, 'POST', `/api/topology/run/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const components = async (id: string): Promise<Map<string, Row>> => {
    const { rows } = await server.db.query<Row>(
      `SELECT c.id, c.name, c.type, p.name AS parent, c.status, c.status_reason, c.properties, c.summary
       FROM components c LEFT JOIN components p ON p.id = c.parent_id
       WHERE c.topology_id = $1 AND c.deleted_at IS NULL ORDER BY c.parent_id NULLS FIRST`,
      [id],
    );
    // A component named like its topology wins over the root.
    return new Map(rows.map((r) => [r.name, r]));
  };
  const prop = (r: Row | undefined, name: string) => r?.properties.find((p) => p.name === name);
  const linkedChecks = async (componentId: string) =>
    (
      await server.db.query<{ name: string; source: string; status: string | null }>(
        `SELECT k.name, c.source, k.status FROM check_component_relationships r
         JOIN checks k ON k.id = r.check_id JOIN canaries c ON c.id = k.canary_id
         WHERE r.component_id = $1 AND r.deleted_at IS NULL AND k.deleted_at IS NULL ORDER BY k.name`,
        [componentId],
      )
    ).rows;

  beforeAll(async () => {
    loop = await peer();
    server = await startTestServer(kind);
    const db = server.db;
    await insertChecks(db, { name: 'existing', namespace: 'default', labels: { canary: 'compat-http' } }, [
      { name: 'existing-http', status: 'healthy' },
    ]);
    await insertChecks(db, { name: 'single', namespace: 'default' }, [
      { name: 'http-200', status: 'healthy', labels: { check: 'compat-200' } },
    ]);
    for (const [name, health, cluster] of [
      ['node-1', 'healthy', 'c1'],
      ['node-2', 'healthy', 'c1'],
      ['node-3', 'unhealthy', 'c2'],
    ] as const) {
      const id = await insertConfig(db, { type: 'Compat::Node', name, health, tags: { cluster } });
      await db.query('UPDATE config_items SET status = $2 WHERE id = $1', [
        id,
        health === 'healthy' ? 'Ready' : 'NotReady',
      ]);
    }
    await insertConfig(db, { type: 'Service', name: 'component-a' });
    await insertConfig(db, {
      type: 'Config::Dummy',
      name: 'config-item',
      config: { spec: { container: { version: 'v1.2.3' } } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await loop?.close();
  });

  it('checks[].inline: creates a canary owned by the topology, links its check, and the check runs', async () => {
    const id = await save(fixture('inline-check.yaml'));
    await build(id);
    const c = (await components(id)).get('inline-canary')!;
    const links = await linkedChecks(c.id);
    expect(links).toEqual([{ name: 'inline-accepted', source: `topology:${id}`, status: null }]);
    const { rows } = await server.db.query<{ id: string }>(
      "SELECT id FROM checks WHERE name = 'inline-accepted'",
    );
    const run = await api<{ failed: number }>(server, 'POST', `/api/canary/run/check/${rows[0]!.id}`);
    expect(run.status).toBe(200);
    expect(run.body.failed).toBe(0);
    await build(id);
    expect((await components(id)).get('inline-canary')!.status).toBe('healthy');
    // A second build keeps the same canary rather than making another.
    const { rows: owned } = await server.db.query(
      'SELECT id FROM canaries WHERE source = $1 AND deleted_at IS NULL',
      [`topology:${id}`],
    );
    expect(owned).toHaveLength(1);
    // Without the inline check, the owned canary and its check are deleted and the link goes.
    const patched = await api(server, 'PATCH', `/api/db/topologies?id=eq.${id}`, {
      spec: { type: 'Website', components: [{ name: 'inline-canary' }] },
    });
    expect(patched.status).toBeLessThan(300);
    await build(id);
    expect(await linkedChecks(c.id)).toEqual([]);
    const { rows: left } = await server.db.query(
      'SELECT id FROM canaries WHERE source = $1 AND deleted_at IS NULL',
      [`topology:${id}`],
    );
    expect(left).toEqual([]);
  });

  it('checks[].inline with http as one object: saved as written, its one check linked and run', async () => {
    const text = fixture('inline-check-object.yaml');
    const id = await save(text);
    const { rows: stored } = await server.db.query<{ spec: { components: { checks: unknown[] }[] } }>(
      'SELECT spec FROM topologies WHERE id = $1',
      [id],
    );
    expect(stored[0]!.spec.components[0]!.checks).toEqual([
      {
        inline: {
          http: {
            name: 'inline-one-object',
            url: `http://127.0.0.1:${loop.port}/status/202`,
            responseCodes: [202],
          },
        },
      },
    ]);
    await build(id);
    const c = (await components(id)).get('single-object-inline')!;
    expect(await linkedChecks(c.id)).toEqual([
      { name: 'inline-one-object', source: `topology:${id}`, status: null },
    ]);
    const { rows } = await server.db.query<{ id: string }>(
      "SELECT id FROM checks WHERE name = 'inline-one-object'",
    );
    const run = await api<{ failed: number; success: number }>(
      server,
      'POST',
      `/api/canary/run/check/${rows[0]!.id}`,
    );
    expect(run.body).toMatchObject({ failed: 0, success: 1 });
    await build(id);
    expect((await components(id)).get('single-object-inline')!.status).toBe('healthy');
  });

  it('selectors as ResourceSelector objects relate components; config tags select items for configs and configLookup', async () => {
    await insertConfig(server.db, {
      type: 'Compat::Tagged',
      name: 'tagged-a',
      tags: { 'tag-1': 'a', 'tag-2': 'b', extra: 'x' },
      config: { spec: { container: { version: 'v9.8.7' } } },
    });
    await insertConfig(server.db, {
      type: 'Compat::Tagged',
      name: 'tagged-c',
      tags: { 'tag-1': 'a', 'tag-2': 'c' },
      config: { spec: { container: { version: 'v0.0.1' } } },
    });
    const id = await save(fixture('selectors-and-tags.yaml'));
    expect((await build(id)).warnings).toEqual([]);
    const frontend = (await components(id)).get('frontend')!;
    const { rows: related } = await server.db.query<{ name: string }>(
      `SELECT c.name FROM component_relationships r JOIN components c ON c.id = r.relationship_id
       WHERE r.component_id = $1 AND r.deleted_at IS NULL ORDER BY c.name`,
      [frontend.id],
    );
    expect(related.map((r) => r.name)).toEqual(['backend-a', 'backend-b']);
    const { rows: linked } = await server.db.query<{ name: string }>(
      `SELECT ci.name FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id
       WHERE r.component_id = $1 AND r.deleted_at IS NULL ORDER BY ci.name`,
      [frontend.id],
    );
    expect(linked.map((r) => r.name)).toEqual(['tagged-a']);
    expect(prop(frontend, 'version')?.text).toBe('v9.8.7');
  });

  it('checks[] with a selector and an inline canary, and a failing inline check makes its component unhealthy', async () => {
    const id = await save(fixture('canary-selector.yaml'));
    await build(id);
    const comps = await components(id);
    const first = await linkedChecks(comps.get('http-component-canary')!.id);
    expect(first.map((l) => l.name)).toEqual(['existing-http', 'http-pass']);
    const second = comps.get('second-inline-canary')!;
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM checks WHERE name = 'http-fails'");
    const run = await api<{ failed: number }>(server, 'POST', `/api/canary/run/check/${rows[0]!.id}`);
    expect(run.body.failed).toBe(1);
    const { rows: last } = await server.db.query<{ error: string | null }>(
      'SELECT error FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
      [rows[0]!.id],
    );
    expect(last[0]!.error).toContain('500');
    await build(id);
    const after = (await components(id)).get('second-inline-canary')!;
    expect(after.id).toBe(second.id);
    expect(after.status).toBe('unhealthy');
    expect(after.status_reason).toBe('1 of 1 check failing');
  });

  it('checks[].selector links existing checks', async () => {
    const id = await save(fixture('single-check.yaml'));
    await build(id);
    const c = (await components(id)).get('single-check')!;
    expect((await linkedChecks(c.id)).map((l) => l.name)).toEqual(['http-200']);
    expect(c.status).toBe('healthy');
  });

  it('a nameless component with selectors, and canarySelector with a label selector and inline canaries', async () => {
    const id = await save(fixture('selector.yaml'));
    const result = await build(id);
    const comps = await components(id);
    expect([...comps.values()].map((c) => `${c.parent}/${c.name}`).sort()).toEqual([
      'selector/component-1',
      'selector/selector',
    ]);
    const agg = [...comps.values()].find((c) => c.type === 'aggregator')!;
    expect((await linkedChecks(agg.id)).map((l) => l.name)).toEqual(['existing-http', 'selector-inline']);
    expect(result.warnings).toEqual([]);
  });

  it('an http lookup names its components; forEach adds children, config links and property lookups', async () => {
    const id = await save(fixture('for-each.yaml'));
    const result = await build(id);
    expect(result.warnings).toEqual([]);
    const comps = await components(id);
    // GroupA stands for what its lookup found: component-a and -b sit directly under the root.
    expect(comps.has('GroupA')).toBe(false);
    const a = comps.get('component-a')!;
    const b = comps.get('component-b')!;
    expect([a.type, a.parent, b.type, b.parent]).toEqual(['API', 'for-each', 'Frontend', 'for-each']);
    const { rows: children } = await server.db.query<{ name: string }>(
      'SELECT name FROM components WHERE parent_id = $1 AND deleted_at IS NULL ORDER BY name',
      [a.id],
    );
    expect(children.map((c) => c.name)).toEqual(['Child-A', 'Child-B']);
    expect([prop(a, 'owner')?.text, prop(a, 'processor')?.text, prop(b, 'processor')?.text]).toEqual([
      'team-a',
      'intel',
      'amd',
    ]);
    expect([prop(b, 'company')?.text, prop(b, 'location')?.text]).toEqual(['Acme', 'Mars']);
    // forEach.configs: `$(.component.name)` with type Service finds the item named component-a.
    const { rows } = await server.db.query<{ name: string }>(
      `SELECT ci.name FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id
       WHERE r.component_id = $1 AND r.deleted_at IS NULL`,
      [a.id],
    );
    expect(rows.map((r) => r.name)).toEqual(['component-a']);
  });

  it('property lookups: merged by component, added as a list, a plain value, a template, a configLookup display', async () => {
    const id = await save(fixture('properties.yaml'));
    const result = await build(id);
    expect(result.warnings).toEqual([]);
    const comps = await components(id);
    const a = comps.get('component-a')!;
    const b = comps.get('component-b')!;
    expect(prop(a, 'error_percentage')).toMatchObject({ min: 0, max: 100, value: 1 });
    expect(prop(b, 'error_percentage')).toMatchObject({ min: 0, max: 100, value: 50 });
    expect(prop(a, 'company')?.text).toBe('Acme');
    expect(prop(a, 'key')?.text).toBe('value');
    expect(prop(b, 'region')?.text).toBe('eu-west-1');
    expect(prop(a, 'config-key')?.text).toBe('v1.2.3');
  });

  it('several results of one property lookup merge into one property', async () => {
    const id = await save(fixture('property-list.yaml'));
    await build(id);
    const root = (await components(id)).get('RootComponent')!;
    expect(prop(root, 'error_percentage')).toMatchObject({ min: 0, max: 100, value: 10 });
  });

  it('parentLookup moves components by name and type, by namespace, and by externalID', async () => {
    const id = await save(fixture('parent-lookup.yaml'));
    const result = await build(id);
    expect(result.warnings).toEqual([]);
    const comps = await components(id);
    const parents = Object.fromEntries(
      ['Child-1A', 'Child-1C', 'Child-1D', 'Child-2A', 'Child-2C'].map((n) => [n, comps.get(n)!.parent]),
    );
    expect(parents).toEqual({
      'Child-1A': 'Parent-1',
      'Child-1C': 'Parent-2',
      'Child-1D': 'Parent-3',
      'Child-2A': 'Parent-2',
      'Child-2C': 'Parent-3',
    });
  });

  it('a catalog lookup gives each node its status and reason; statusExpr decides the group from its summary', async () => {
    const id = await save(fixture('status-expr.yaml'));
    const result = await build(id);
    expect(result.warnings).toEqual([]);
    const comps = await components(id);
    expect(comps.get('node-3')).toMatchObject({
      status: 'unhealthy',
      status_reason: 'NotReady',
      parent: 'Nodes',
    });
    expect(comps.get('node-1')).toMatchObject({ status: 'healthy', parent: 'Nodes' });
    // The worst child is unhealthy, but the expression says warning for a mix.
    const nodes = comps.get('Nodes')!;
    expect(nodes.summary).toMatchObject({ healthy: 2, unhealthy: 1 });
    expect(nodes.status).toBe('warning');
  });

  it('groupBy: one group per cluster tag, each with only its own nodes', async () => {
    const id = await save(fixture('group-by.yaml'));
    await build(id);
    const { rows } = await server.db.query<{ name: string; parent: string; grand: string }>(
      `SELECT c.name, p.name AS parent, g.name AS grand FROM components c
       JOIN components p ON p.id = c.parent_id JOIN components g ON g.id = p.parent_id
       WHERE c.topology_id = $1 AND c.deleted_at IS NULL AND c.name LIKE 'node-%' ORDER BY c.name`,
      [id],
    );
    expect(rows).toEqual([
      { name: 'node-1', parent: 'Nodes', grand: 'c1' },
      { name: 'node-2', parent: 'Nodes', grand: 'c1' },
      { name: 'node-3', parent: 'Nodes', grand: 'c2' },
    ]);
    const comps = await components(id);
    expect(comps.get('c2')).toMatchObject({ status: 'unhealthy', parent: 'clusters' });
  });

  it('exec lookups: stdout as components, or shaped by a display over results.stdout', async () => {
    const id = await save(fixture('exec-lookup.yaml'));
    expect((await build(id)).warnings).toEqual([]);
    const comps = await components(id);
    expect(comps.get('from-exec')).toMatchObject({ type: 'Script', parent: 'exec-lookup' });
    expect([comps.get('exec-alpha')?.parent, comps.get('exec-beta')?.parent]).toEqual([
      'exec-lookup',
      'exec-lookup',
    ]);
  });

  it('kubernetes lookups list objects with the scraper client (fake API server)', async () => {
    const kube = await fakeKubernetes('topo-token');
    try {
      const indented = kube.kubeconfig.split('\n').join('\n                ');
      const spec = fixture('kubernetes-lookup-inline.yaml').replaceAll(
        '$KUBECONFIG',
        `|\n                ${indented}`,
      );
      const id = await save(spec);
      expect((await build(id)).warnings).toEqual([]);
      const comps = await components(id);
      expect(comps.get('kind-worker')).toMatchObject({ type: 'KubernetesNode', parent: 'kubernetes-inline' });
      expect(comps.get('web')).toMatchObject({ type: 'Service', parent: 'kubernetes-inline' });
    } finally {
      await kube.close();
    }
  });

  it('prometheus lookups and secret kubeconfigs are accepted; the build says what was not run or read', async () => {
    const k8s = await save(fixture('kubernetes-lookup.yaml'));
    expect((await build(k8s)).warnings).toEqual([
      // The secret is read from the server's own cluster (test/health/kubeconfig-sources.test.ts); here it has none.
      'configs: kubernetes lookup: kubeconfig: secretKeyRef aws-kubeconfig/kubeconfig cannot be read: no Kubernetes cluster is configured for this server (set KUBECONFIG or run it in a cluster)',
    ]);
    const cluster = await save(fixture('cluster-system.yaml'));
    const warnings = (await build(cluster)).warnings;
    expect(warnings).toContain(
      'property cpu: prometheus lookup: prometheus lookups are accepted but not run by this server',
    );
    expect((await components(cluster)).get('nodes')).toMatchObject({
      type: 'KubernetesNode',
      parent: 'cluster',
    });
  });

  it('refuses invalid documents with a 400 naming the field', async () => {
    const doc = (spec: unknown) => ({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: 'bad' },
      spec,
    });
    expect(await refused(doc({ components: [{ name: 'x', lookup: { ftp: [{ url: 'x' }] } }] }))).toMatch(
      /spec\.components\.0\.lookup.*ftp/,
    );
    expect(
      await refused(
        doc({ components: [{ name: 'x', checks: [{ inline: { http: [{ name: 'no-url' }] } }] }] }),
      ),
    ).toMatch(/spec\.components\.0\.checks\.0\.inline: .*url/);
    expect(await refused(doc({ components: [{ name: 'x', checks: [{}] }] }))).toContain(
      'spec.components.0.checks.0',
    );
    expect(await refused(doc({ components: [{ type: 'no-name' }] }))).toContain('spec.components.0.name');
    expect(await refused(doc({ groupBy: { selector: {} } }))).toContain('spec.groupBy.tag');
    expect(
      await refused(
        doc({
          components: [{ name: 'x', properties: [{ name: 'p', configLookup: { config: { name: 'c' } } }] }],
        }),
      ),
    ).toContain('spec.components.0.properties.0.configLookup');
    expect(
      await refused(doc({ components: [{ name: 'x', lookup: { catalog: [{ display: { expr: '1' } }] } }] })),
    ).toContain('spec.components.0.lookup.catalog.0.selector');
    expect(await refused(doc({ statusExpr: 3 }))).toContain('spec.statusExpr');
    expect(await refused({ ...doc({}), kind: 'SystemTemplate' })).toContain('kind');
    expect(await refused(doc({ components: [{ name: 'x', parentLookup: { tier: 'a' } }] }))).toMatch(
      /spec\.components\.0\.parentLookup.*tier/,
    );
  });
});

describe('canary-checker topology lookups and the outbound policy', () => {
  let server: TestServer;
  let loop: Awaited<ReturnType<typeof peer>>;
  beforeAll(async () => {
    loop = await peer();
    server = await startTestServer('pglite', {
      outbound: { allowLinkLocal: false, denyPrivate: false, denyLoopback: true },
    });
  });
  afterAll(async () => {
    await server?.close();
    await loop?.close();
  });

  it('an http lookup to a refused address builds nothing and the warning says why', async () => {
    const spec = fs
      .readFileSync(path.join(FIXTURES, 'for-each.yaml'), 'utf8')
      .replaceAll('$PORT', String(loop.port));
    const saved = await api<{ id: string }[]>(
      server,
      'POST',
      '/api/db/topologies',
      { spec },
      {
        prefer: 'return=representation',
      },
    );
    expect(saved.status).toBe(201);
    const r = await api<{ warnings: string[] }>(server, 'POST', `/api/topology/run/${saved.body[0]!.id}`);
    expect(r.status).toBe(200);
    expect(r.body.warnings[0]).toMatch(
      /^GroupA: http lookup http-lookup: .*loopback addresses are not allowed/,
    );
  });
});
