import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { peerUnavailable, startRedis, type RedisPeer } from '../peers/index.js';
import { call, createConnection, rawConnection, type TestAnswer } from './helpers.js';

const START_TIMEOUT = 300_000;
const noRedis = peerUnavailable('redis');

let redis: RedisPeer | undefined;
beforeAll(async () => {
  if (!noRedis) redis = await startRedis({ password: 'redis-pass' });
}, START_TIMEOUT);
afterAll(() => redis?.stop());

describe.each(DB_KINDS)('Test Connection before saving (POST /api/connection/test) on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    admin = await signIn(server, 'admin');
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  const testUnsaved = async (body: unknown, who: SignedIn = admin) => {
    const res = await call(server, who, '/api/connection/test', { method: 'POST', body });
    return { status: res.status, body: res.json as TestAnswer };
  };
  const stored = async () =>
    (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM connections')).rows[0]?.n;

  it('tests a PostgreSQL connection that is not saved, and stores nothing', async () => {
    const pg = new URL(inject('pgUrl'));
    const before = await stored();
    const form = {
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      url: `postgres://${pg.host}/postgres`,
      username: decodeURIComponent(pg.username),
      // The test server trusts loopback; the type still requires a password.
      password: 'typed-in-the-form',
    };
    const ok = await testUnsaved(form);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('ok');
    expect(ok.body.payload).toMatchObject({ database: 'postgres', user: decodeURIComponent(pg.username) });
    const missing = await testUnsaved({ ...form, url: `postgres://${pg.host}/no_such_database` });
    expect(missing).toEqual({
      status: 400,
      body: { error: expect.stringContaining('database "no_such_database" does not exist') as string },
    });
    expect(await stored()).toBe(before);
  });

  it.skipIf(noRedis)('a wrong password fails with the driver’s message', async () => {
    const peer = redis as RedisPeer;
    const form = {
      name: 'cache',
      type: 'redis',
      url: `redis://127.0.0.1:${peer.port}`,
      password: 'redis-pass',
    };
    expect(await testUnsaved(form)).toMatchObject({ status: 200, body: { payload: { reply: 'PONG' } } });
    const wrong = await testUnsaved({ ...form, password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/WRONGPASS|invalid password/i);
    expect(await stored()).toBe(0);
  });

  it.skipIf(noRedis)(
    'tests the edits of a stored connection: a masked secret is the stored one, and the row stays as it was',
    async () => {
      const peer = redis as RedisPeer;
      const id = await createConnection(server, admin, {
        name: `shared-cache-${kind}`,
        type: 'redis',
        url: `redis://127.0.0.1:${peer.port}`,
        password: 'redis-pass',
      });
      const before = await rawConnection(server, id);
      const edited = {
        id,
        name: `shared-cache-${kind}`,
        type: 'redis',
        url: `redis://127.0.0.1:${peer.port}`,
      };
      expect((await testUnsaved({ ...edited, password: '***' })).status).toBe(200);
      const wrong = await testUnsaved({ ...edited, password: 'nope' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatch(/WRONGPASS|invalid password/i);
      expect(await rawConnection(server, id)).toEqual(before);
      expect(await testUnsaved({ ...edited, id: '00000000-0000-0000-0000-0000000000ff' })).toEqual({
        status: 404,
        body: { error: 'connection was not found' },
      });
    },
  );

  it('refuses values saving would refuse, naming the field', async () => {
    expect(await testUnsaved({ name: 'x', type: 'postgres', password: 'p' })).toEqual({
      status: 400,
      body: { error: 'url: This field is required (URL)' },
    });
    expect(await testUnsaved({ name: 'x', type: 'carrier-pigeon' })).toEqual({
      status: 400,
      body: { error: 'type: unknown connection type "carrier-pigeon"' },
    });
    expect((await testUnsaved(['not', 'a', 'connection'])).status).toBe(400);
  });

  it('refuses a peer the outbound policy refuses', async () => {
    const refused = await testUnsaved({
      name: 'metadata',
      type: 'postgres',
      url: 'postgres://169.254.169.254/postgres',
      username: 'u',
      password: 'p',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('OUTBOUND_ALLOW_LINK_LOCAL');
  });

  it('needs the permission to write connections, as testing a stored one does', async () => {
    const form = { name: 'x', type: 'postgres', url: 'postgres://127.0.0.1/postgres', password: 'p' };
    for (const role of ['editor', 'viewer'] as const) {
      expect((await testUnsaved(form, await signIn(server, role))).status).toBe(403);
    }
  });
});
