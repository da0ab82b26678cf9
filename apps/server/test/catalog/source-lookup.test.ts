import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { insertConfig, insertTopology } from '../topology/fixtures.js';

type Answer = { results: { id: string; name: string; type: string; deleted_at: string | null }[] };

describe.each(DB_KINDS)('lookup by source id (%s)', (kind) => {
  let server: TestServer;
  let pod: string;
  let component: string;

  const get = async (path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`);
    return { status: res.status, body: (await res.json()) as Answer & { error?: string } };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    // insertConfig's source id is '{type}/{name}/{namespace}'.
    pod = await insertConfig(server.db, { type: 'Kubernetes::Pod', name: 'api-7d9', namespace: 'payments' });
    await server.db.query(`UPDATE config_items SET external_id = external_id || '{uid-1234}' WHERE id = $1`, [
      pod,
    ]);
    const gone = await insertConfig(server.db, {
      type: 'Kubernetes::Pod',
      name: 'api-old',
      namespace: 'payments',
    });
    await server.db.query(
      `UPDATE config_items SET external_id = external_id || '{uid-1234}', deleted_at = now() WHERE id = $1`,
      [gone],
    );
    const topologyId = await insertTopology(server.db, 'shop', {});
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO components (topology_id, name, type, external_id) VALUES ($1, 'Checkout', 'Website', 'nginx-checkout')
       RETURNING id`,
      [topologyId],
    );
    component = rows[0]!.id;
  });
  afterAll(async () => server?.close());

  it('finds a config item by any of its source ids, live ones first, narrowed by type', async () => {
    const r = await get('/api/catalog/lookup?external_id=uid-1234');
    expect(r.status).toBe(200);
    expect(r.body.results.map((m) => [m.name, m.deleted_at === null])).toEqual([
      ['api-7d9', true],
      ['api-old', false],
    ]);
    const byPath = await get(
      `/api/catalog/lookup?external_id=${encodeURIComponent('Kubernetes::Pod/api-7d9/payments')}`,
    );
    expect(byPath.body.results.map((m) => m.id)).toEqual([pod]);
    const otherType = await get('/api/catalog/lookup?external_id=uid-1234&type=Kubernetes::Node');
    expect(otherType.body.results).toEqual([]);
  });

  it('finds a component by its external id', async () => {
    const r = await get('/api/topology/lookup?external_id=nginx-checkout&type=Website');
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([{ id: component, name: 'Checkout', type: 'Website', deleted_at: null }]);
    expect((await get('/api/topology/lookup?external_id=nginx-other')).body.results).toEqual([]);
  });

  it('asks for the source id with a clear 400', async () => {
    for (const path of ['/api/catalog/lookup', '/api/topology/lookup?external_id=%20']) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body.error).toMatch(/external_id is required/);
    }
  });
});
