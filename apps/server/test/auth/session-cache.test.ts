import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/pg.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { keepSessionCacheCurrent, SessionCache } from '../../src/auth/session-cache.js';
import { openPglite } from '../../src/db/pglite.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

/** The status `user` gets for a GET of `path` on `server`. */
async function statusOf(server: { baseUrl: string }, path: string, user: SignedIn): Promise<number> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: user.headers });
  await res.body?.cancel();
  return res.status;
}

const whoamiStatus = (server: { baseUrl: string }, user: SignedIn) =>
  statusOf(server, '/api/auth/whoami', user);

/**
 * Changes rows behind the cache's back: `trigger` on `table`, which announces the change, is
 * switched off for the statement, as if the notification were still on its way.
 */
async function unannounced(
  server: TestServer,
  [table, trigger]: [string, string],
  sql: string,
  params: unknown[],
): Promise<void> {
  await server.db.transaction(async (tx) => {
    await tx.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    await tx.query(sql, params);
    await tx.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  });
}

/** Ends the user's sessions behind the cache's back. */
const deleteSessionsUnannounced = (server: TestServer, user: SignedIn) =>
  unannounced(
    server,
    ['auth_sessions', 'auth_sessions_changed'],
    'DELETE FROM auth_sessions WHERE identity_id = $1',
    [user.personId],
  );

describe.each(DB_KINDS)('session cache on %s', (kind) => {
  let server: TestServer;
  let uncached: TestServer;
  beforeAll(async () => {
    [server, uncached] = await Promise.all([
      startTestServer(kind, {}, { AUTH_MODE: 'builtin', SESSION_CACHE: '60s' }),
      startTestServer(kind, {}, { AUTH_MODE: 'builtin', SESSION_CACHE: '0' }),
    ]);
  }, START_TIMEOUT);
  afterAll(async () => {
    await Promise.all([server?.close(), uncached?.close()]);
  });

  it('reuses a checked session until the database announces a change, then reads it again', async () => {
    const user = await signIn(server, 'viewer');
    expect(await whoamiStatus(server, user)).toBe(200);
    await deleteSessionsUnannounced(server, user);
    // Still the answer from memory: nothing said the session changed.
    expect(await whoamiStatus(server, user)).toBe(200);
    await server.db.query("SELECT pg_notify('opsdeck_auth_changed', '')");
    await expect.poll(() => whoamiStatus(server, user), { timeout: 5_000, interval: 20 }).toBe(401);
  });

  it('applies sign-out, role changes and deletion to the very next request', async () => {
    const admin = await signIn(server, 'admin');
    const user = await signIn(server, 'admin');
    const post = (path: string, body: unknown, as: SignedIn) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { ...as.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const rolesOf = (as: SignedIn) =>
      fetch(`${server.baseUrl}/api/rbac/${admin.personId}/roles`, { headers: as.headers });
    expect((await rolesOf(user)).status).toBe(200);
    expect((await post(`/api/rbac/${user.personId}/update_role`, { roles: ['viewer'] }, admin)).status).toBe(
      200,
    );
    expect((await rolesOf(user)).status).toBe(403);
    const del = await fetch(`${server.baseUrl}/api/people/${user.personId}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(del.status).toBe(200);
    expect(await whoamiStatus(server, user)).toBe(401);
    // A deleted person stays out even where the sessions table is not touched.
    const other = await signIn(server, 'viewer');
    expect(await whoamiStatus(server, other)).toBe(200);
    await server.db.query('UPDATE people SET deleted_at = now() WHERE id = $1', [other.personId]);
    await expect.poll(() => whoamiStatus(server, other), { timeout: 5_000, interval: 20 }).toBe(401);
  });

  it('with SESSION_CACHE=0 reads the session on every request', async () => {
    const user = await signIn(uncached, 'viewer');
    expect(await whoamiStatus(uncached, user)).toBe(200);
    await deleteSessionsUnannounced(uncached, user);
    expect(await whoamiStatus(uncached, user)).toBe(401);
  });
});

describe('session cache without notifications', () => {
  it('takes SESSION_CACHE from 0 (off) to 60s, 5s by default, and refuses anything else', () => {
    const auth = (env: Record<string, string>) => inProcessConfig(env).auth.sessionCacheMs;
    expect(auth({})).toBe(5_000);
    expect(auth({ SESSION_CACHE: '0' })).toBe(0);
    expect(auth({ SESSION_CACHE: '30s' })).toBe(30_000);
    for (const bad of ['2m', 'soon', '-1s']) {
      expect(() => inProcessConfig({ SESSION_CACHE: bad })).toThrow(
        'SESSION_CACHE: expected a duration from 0 to 60s, like 5s or 0',
      );
    }
  });

  it('keeps the cache off when its notifications do not come back (a pooler that drops LISTEN)', async () => {
    const db = await openPglite(null);
    try {
      const deaf = { ...db, listen: async () => async () => {} };
      const cache = new SessionCache<string>(60_000);
      const stop = await keepSessionCacheCurrent(deaf, cache, pino({ level: 'silent' }));
      let reads = 0;
      const load = async () => ({ value: `read ${++reads}`, reusableMs: 60_000 });
      await cache.lookup('k', load);
      expect(await cache.lookup('k', load)).toBe('read 2');
      await stop();
    } finally {
      await db.close();
    }
  });
});

/**
 * Whether `on` still answers from memory after `user` lost their roles behind its back: asks
 * for something only an admin may see, removes the roles with the announcing trigger off,
 * asks again, then gives the roles back.
 */
async function roleRemovalSeen(
  db: TestServer,
  on: { baseUrl: string },
  user: SignedIn,
): Promise<'cached' | 'read' | 'refused'> {
  const ask = () => statusOf(on, `/api/rbac/${user.personId}/roles`, user);
  if ((await ask()) !== 200) return 'refused';
  await unannounced(
    db,
    ['person_roles', 'person_roles_changed'],
    'DELETE FROM person_roles WHERE person_id = $1',
    [user.personId],
  );
  const status = await ask();
  await db.db.query("INSERT INTO person_roles (person_id, role) VALUES ($1, 'admin')", [user.personId]);
  return status === 200 ? 'cached' : 'read';
}

describe('session cache across two servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: RunningServer & { baseUrl: string };
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    a = await startTestServer('postgresql', {}, { AUTH_MODE: 'builtin', SESSION_CACHE: '60s' });
    const name = (await a.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db ?? '';
    const pgUrl = inject('pgUrl').replace(/\/[^/]*$/, `/${name}`);
    const dbB = await openPostgres(pgUrl, { poolSize: 5, statementTimeoutMs: 5_000 });
    const running = await startServer(inProcessConfig({ AUTH_MODE: 'builtin', SESSION_CACHE: '60s' }), {
      db: dbB,
      scheduler: false,
    });
    b = { ...running, baseUrl: running.url.replace('[::1]', '127.0.0.1') };
    closeB = async () => {
      await running.stop();
      await dbB.close();
    };
  }, START_TIMEOUT);
  afterAll(async () => {
    await closeB?.();
    await a?.close();
  });

  it('ends a session on the other server moments after it is revoked on this one', async () => {
    const admin = await signIn(a, 'admin');
    const user = await signIn(a, 'viewer');
    expect(await whoamiStatus(b, user)).toBe(200);
    const del = await fetch(`${a.baseUrl}/api/people/${user.personId}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(del.status).toBe(200);
    await expect.poll(() => whoamiStatus(b, user), { timeout: 5_000, interval: 20 }).toBe(401);
  });

  it('reads sessions afresh while its listening connection is gone, and listens again', async () => {
    const user = await signIn(a, 'viewer');
    expect(await whoamiStatus(b, user)).toBe(200);
    const killed = await a.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%opsdeck_auth_changed%'`,
    );
    // Both servers' listeners are gone; neither may keep answering from memory.
    expect(killed.rows[0]?.n).toBe(2);
    await deleteSessionsUnannounced(a, user);
    await expect.poll(() => whoamiStatus(b, user), { timeout: 5_000, interval: 20 }).toBe(401);
    // Listening again within a few seconds: a checked session is then reused once more.
    const admin = await signIn(a, 'admin');
    await expect.poll(() => roleRemovalSeen(a, b, admin), { timeout: 15_000, interval: 500 }).toBe('cached');
  }, 30_000);
});
