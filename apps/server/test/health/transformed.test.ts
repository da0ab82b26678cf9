import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

/** Checks a transform produces: recorded with the run, kept across syncs, gone with their check. */
describe.each(DB_KINDS)('transformed checks on %s', (kind) => {
  let server: TestServer;
  let web: http.Server;
  let items = ['a', 'b'];
  beforeAll(async () => {
    web = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => web.close(resolve));
  });

  const url = () => `http://127.0.0.1:${(web.address() as AddressInfo).port}/items`;
  const live = async (canaryId: string) =>
    (
      await server.db.query<{
        id: string;
        name: string;
        status: string | null;
        labels: Record<string, string>;
      }>(
        `SELECT id, name, status, labels FROM checks WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY name`,
        [canaryId],
      )
    ).rows;
  const runNow = (id: string) => fetch(`${server.baseUrl}/api/canary/run/check/${id}`, { method: 'POST' });

  it('records named results as checks, refreshes them through their check, and removes them with it', async () => {
    const spec = {
      http: [
        {
          name: 'items',
          url: url(),
          transform: {
            expr: "json.items.map(i, {'name': 'item-' + i, 'pass': i != 'b', 'message': 'item ' + i, 'labels': {'item': i}}).toJSON()",
          },
        },
        { name: 'plain', url: url() },
      ],
    };
    const saved = await fetch(`${server.baseUrl}/api/db/canaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: 'transformed', labels: { team: 'ops' }, spec }),
    });
    expect(saved.status).toBe(201);
    const canaryId = ((await saved.json()) as { id: string }[])[0]!.id;
    const parent = (await live(canaryId)).find((c) => c.name === 'items')!;
    expect((await runNow(parent.id)).status).toBe(200);

    const after = await live(canaryId);
    expect(after.map((c) => [c.name, c.status])).toEqual([
      ['item-a', 'healthy'],
      ['item-b', 'unhealthy'],
      ['items', 'healthy'],
      ['plain', null],
    ]);
    expect(after[0]?.labels).toEqual({ team: 'ops', item: 'a' });
    const { rows } = await server.db.query<{ message: string }>(
      'SELECT message FROM check_statuses WHERE check_id = $1',
      [after[0]!.id],
    );
    expect(rows.map((r) => r.message)).toEqual(['item a']);

    // Run Now on a produced check runs its producer; a sync keeps produced checks.
    items = ['a', 'b', 'c'];
    expect(await (await runNow(after[1]!.id)).json()).toMatchObject({ total: 1 });
    await syncCanaryChecks(server.db, canaryId);
    expect((await live(canaryId)).map((c) => c.name)).toEqual([
      'item-a',
      'item-b',
      'item-c',
      'items',
      'plain',
    ]);

    // Removing the producer from the spec removes what it produced.
    await server.db.query('UPDATE canaries SET spec = $2 WHERE id = $1', [
      canaryId,
      JSON.stringify({ http: [spec.http[1]] }),
    ]);
    expect(await syncCanaryChecks(server.db, canaryId)).toMatchObject({ deleted: 4 });
    expect((await live(canaryId)).map((c) => c.name)).toEqual(['plain']);
  });
});
