import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCheckResult } from '../../src/health/record.js';
import type { TreeComponent, TreeResponse } from '../../src/topology/tree.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { insertChecks, insertTopology } from './fixtures.js';

/**
 * The topology tree is built once and shared between users for SUMMARY_SHARE (issue 39), here
 * 60 s so that what the test sees within it comes from the sharing, not from timing.
 */
describe.each(DB_KINDS)('the shared topology tree on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  let viewer: SignedIn;
  let componentId: string;
  let checkId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', SUMMARY_SHARE: '60s' });
    editor = await signIn(server, 'editor');
    viewer = await signIn(server, 'viewer');
    const topologyId = await insertTopology(server.db, 'shop', {});
    const properties = [{ name: 'database', text: 'postgres://app:hunter2@db:5432/orders' }];
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO components (topology_id, name, status, type, properties)
       VALUES ($1, 'orders', 'healthy', 'Service', $2) RETURNING id`,
      [topologyId, JSON.stringify(properties)],
    );
    componentId = rows[0]!.id;
    const checks = await insertChecks(server.db, { name: 'orders', namespace: 'shop' }, [
      { name: 'orders-http', status: 'healthy' },
    ]);
    checkId = checks['orders-http']!;
    await server.db.query(
      `INSERT INTO check_component_relationships (check_id, canary_id, component_id)
       SELECT id, canary_id, $2 FROM checks WHERE id = $1`,
      [checkId, componentId],
    );
  });
  afterAll(async () => server.close());

  const orders = async (who: SignedIn): Promise<TreeComponent> => {
    const res = await fetch(`${server.baseUrl}/api/topology`, { headers: who.headers });
    expect(res.status).toBe(200);
    const tree = (await res.json()) as TreeResponse;
    return tree.components.find((c) => c.id === componentId)!;
  };
  const run = (pass: boolean) =>
    recordCheckResult(
      server.db,
      checkId,
      { time: new Date(), pass, durationMs: 7, message: '', error: pass ? null : 'down', details: {} },
      null,
    );

  it('never gives a viewer the tree built for someone who may see credentials, nor the other way', async () => {
    expect(JSON.stringify((await orders(editor)).properties)).toContain('hunter2');
    expect(JSON.stringify((await orders(viewer)).properties)).not.toContain('hunter2');
    expect(JSON.stringify((await orders(editor)).properties)).toContain('hunter2');
  });

  it('shares the tree while nothing a user would see as a change happened', async () => {
    await run(true);
    const before = (await orders(viewer)).checks[0]!;
    // Another passing run: only its last runs move, which the shared tree may show a little later.
    await run(true);
    expect((await orders(editor)).checks[0]!.checkStatuses).toEqual(before.checkStatuses);
  });

  it('shows a component status, a check status or an incident at once', async () => {
    await orders(viewer);
    await server.db.query(`UPDATE components SET status = 'unhealthy' WHERE id = $1`, [componentId]);
    expect((await orders(viewer)).status).toBe('unhealthy');

    await run(false);
    expect((await orders(editor)).checks[0]!.status).toBe('unhealthy');

    await server.db.query(
      `WITH i AS (INSERT INTO incidents (title, type, severity, status) VALUES ('orders down', 'availability', 'high', 'open') RETURNING id),
         h AS (INSERT INTO hypotheses (incident_id, type, title) SELECT id, 'root', 'orders down' FROM i RETURNING id)
       INSERT INTO evidences (hypothesis_id, type, description, component_id) SELECT id, 'topology', 'x', $1 FROM h`,
      [componentId],
    );
    const summary = (await orders(viewer)).summary as { incidents?: Record<string, Record<string, number>> };
    expect(summary.incidents).toEqual({ availability: { high: 1 } });
  });
});
