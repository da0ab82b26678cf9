import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConnectionNotFoundError, resolveConnection } from '../../src/connections/index.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { httpServer, type Listening } from '../health/peers.js';
import { call, createConnection } from './helpers.js';

const START_TIMEOUT = 300_000;
const PASSWORD = 'p@ss/w:rd?&';

type Seen = { url: string; authorization: string | undefined };

describe.each(DB_KINDS)('connection references on %s', (kind) => {
  let server: TestServer;
  let peer: Listening;
  const seen: Seen[] = [];
  let apiId = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    peer = await httpServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: 'svc-1', name: 'Service One' }]));
    });
    apiId = await createConnection(server, undefined, {
      name: 'shop-api',
      namespace: 'web',
      type: 'http',
      url: `http://127.0.0.1:${peer.port}/$(namespace)/$(name)?user=$(username)&pw=$(password)&region=$(properties.region)`,
      username: 'shop',
      password: PASSWORD,
      properties: { region: 'eu-west-1' },
    });
    await createConnection(server, undefined, {
      name: 'plain-api',
      type: 'http',
      url: `http://127.0.0.1:${peer.port}/plain`,
    });
  }, START_TIMEOUT);
  afterAll(async () => {
    await peer?.close();
    await server?.close();
  });

  it('resolves namespace/name, a bare name (namespace default) and an id, rendering the URL', async () => {
    const byName = await resolveConnection(server.ctx, 'connection://web/shop-api');
    expect(byName.password).toBe(PASSWORD);
    const url = new URL(byName.url);
    expect(url.pathname).toBe('/web/shop-api');
    // $(password) is URL-escaped: it comes back whole.
    expect(url.searchParams.get('pw')).toBe(PASSWORD);
    expect(url.searchParams.get('user')).toBe('shop');
    expect(url.searchParams.get('region')).toBe('eu-west-1');
    expect((await resolveConnection(server.ctx, apiId)).name).toBe('shop-api');
    expect((await resolveConnection(server.ctx, 'connection://plain-api')).url).toBe(
      `http://127.0.0.1:${peer.port}/plain`,
    );
    // Mission Control's older connection://type/name form still resolves.
    expect((await resolveConnection(server.ctx, 'connection://http/shop-api')).id).toBe(apiId);
    await expect(resolveConnection(server.ctx, 'connection://web/nope')).rejects.toThrow(
      new ConnectionNotFoundError('connection://web/nope'),
    );
    await expect(resolveConnection(server.ctx, 'connection://shop-api')).rejects.toThrow(
      'connection connection://shop-api not found',
    );
  });

  it('keeps a health check naming a connection that does not exist yet, and says so', async () => {
    // Specs applied in any order (docs/specs-as-code.md): the reference waits for its connection.
    const res = await call(server, undefined, '/api/db/canaries', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: { name: 'waiting-ref', spec: { http: [{ name: 'x', connection: 'connection://web/nope' }] } },
    });
    expect(res.status).toBe(201);
    const id = (res.json as { id: string }[])[0]?.id;
    const warning = await call(server, undefined, `/api/specs/unresolved/canaries/${id}`);
    expect(warning.json).toEqual({
      unresolved: [{ path: 'spec.http.0.connection', message: 'connection connection://web/nope not found' }],
    });
  });

  it('runs a check with the credentials of its connection, and fails it once the connection is deleted', async () => {
    const temp = await createConnection(server, undefined, {
      name: 'temp-api',
      namespace: 'web',
      type: 'http',
      url: `http://127.0.0.1:${peer.port}/temp`,
      username: 'temp-user',
      password: 'temp-pass',
    });
    const saved = await call(server, undefined, '/api/db/canaries', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'by-connection',
        spec: { http: [{ name: 'temp', connection: 'connection://web/temp-api', responseCodes: [200] }] },
      },
    });
    expect(saved.status).toBe(201);
    const canaryId = (saved.json as { id: string }[])[0]?.id;
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [
      canaryId,
    ]);
    const checkId = rows[0]?.id ?? '';

    const first = await call(server, undefined, `/api/canary/run/check/${checkId}`, { method: 'POST' });
    expect(first.json).toMatchObject({ success: 1, failed: 0 });
    const hit = seen.find((s) => s.url === '/temp');
    expect(hit?.authorization).toBe(`Basic ${Buffer.from('temp-user:temp-pass').toString('base64')}`);

    await call(server, undefined, `/api/db/connections?id=eq.${temp}`, { method: 'DELETE' });
    const second = await call(server, undefined, `/api/canary/run/check/${checkId}`, { method: 'POST' });
    expect(second.json).toMatchObject({ failed: 1 });
    expect((second.json as { errors: string[] }).errors[0]).toContain(
      'connection connection://web/temp-api not found',
    );
  });

  it('keeps a scraper naming an unknown connection (its scrape fails), and scrapes through a known one', async () => {
    const waiting = await call(server, undefined, '/api/db/config_scrapers', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'waiting-scraper',
        spec: {
          http: [{ connection: 'connection://web/nope', type: 'Demo::Service', id: '$.id', items: '$[*]' }],
        },
      },
    });
    expect(waiting.status).toBe(201);
    const waitingId = (waiting.json as { id: string }[])[0]?.id;
    expect(
      (await call(server, undefined, `/api/specs/unresolved/config_scrapers/${waitingId}`)).json,
    ).toEqual({
      unresolved: [{ path: 'spec.http.0.connection', message: 'connection connection://web/nope not found' }],
    });
    const failed = await call(server, undefined, `/api/config/run/${waitingId}`, { method: 'POST' });
    expect(JSON.stringify(failed.json)).toContain('connection connection://web/nope not found');

    const good = await call(server, undefined, '/api/db/config_scrapers', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'services',
        spec: {
          http: [
            {
              connection: 'connection://web/shop-api',
              type: 'Demo::Service',
              id: '$.id',
              name: '$.name',
              items: '$[*]',
            },
          ],
        },
      },
    });
    expect(good.status).toBe(201);
    const scraperId = (good.json as { id: string }[])[0]?.id;
    const run = await call(server, undefined, `/api/config/run/${scraperId}`, { method: 'POST' });
    expect(run.status).toBe(200);
    expect((run.json as { errors: string[] }).errors).toEqual([]);
    const hit = seen.find((s) => s.url.startsWith('/web/shop-api'));
    expect(hit?.authorization).toBe(`Basic ${Buffer.from(`shop:${PASSWORD}`).toString('base64')}`);
    const { rows } = await server.db.query<{ name: string }>(
      `SELECT name FROM config_items WHERE type = 'Demo::Service' AND deleted_at IS NULL`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Service One']);
  });

  it('runs a SQL scraper through a postgres connection', async () => {
    // The test PostgreSQL server, whichever database the console itself runs on.
    const admin = new URL(inject('pgUrl'));
    const pgId = await createConnection(server, undefined, {
      name: 'catalog-db',
      type: 'postgres',
      url: `postgres://${admin.host}${admin.pathname}`,
      username: decodeURIComponent(admin.username),
      // The test server trusts loopback; the type still requires a password.
      password: decodeURIComponent(admin.password) || 'not-checked',
    });
    const saved = await call(server, undefined, '/api/db/config_scrapers', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'sql-by-connection',
        spec: {
          sql: [
            {
              connection: pgId,
              query: "select 'db-1' AS id, 'Database One' AS name",
              type: 'Demo::Db',
              id: '$.id',
              name: '$.name',
            },
          ],
        },
      },
    });
    expect(saved.status).toBe(201);
    const run = await call(server, undefined, `/api/config/run/${(saved.json as { id: string }[])[0]?.id}`, {
      method: 'POST',
    });
    expect((run.json as { errors: string[] }).errors).toEqual([]);
    const { rows } = await server.db.query<{ name: string }>(
      `SELECT name FROM config_items WHERE type = 'Demo::Db'`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Database One']);
  });
});
