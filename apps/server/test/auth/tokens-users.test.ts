import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';
import { Browser, type Flow } from './browser.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

type TokenAnswer = { payload: { id: string; token: string } };

describe.each(DB_KINDS)('access tokens and Basic auth on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('creates a token shown once, usable as Bearer and Basic token:<value>, until deleted', async () => {
    const user = await signIn(server, 'editor');
    const created = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci', expiry: '30d' }),
    });
    expect(created.status).toBe(201);
    const { payload } = (await created.json()) as TokenAnswer;
    expect(payload.token).toMatch(/^od_[0-9a-f]{32}\./);
    const { rows } = await server.db.query<{ value: string }>(
      'SELECT value FROM access_tokens WHERE id = $1',
      [payload.id],
    );
    expect(rows[0]?.value).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const bearer = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { authorization: `Bearer ${payload.token}` },
    });
    expect(bearer.status).toBe(200);
    expect(((await bearer.json()) as { payload: { user: { id: string } } }).payload.user.id).toBe(
      user.personId,
    );
    const basic = Buffer.from(`token:${payload.token}`).toString('base64');
    expect(
      (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { authorization: `Basic ${basic}` } }))
        .status,
    ).toBe(200);
    // Token writes need no Origin: they are not cookie-authenticated.
    const viaToken = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${payload.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'nested', expiry: 'never' }),
    });
    expect(viaToken.status).toBe(201);
    const list = (await (
      await fetch(`${server.baseUrl}/api/auth/tokens`, { headers: user.headers })
    ).json()) as {
      name: string;
      value?: string;
    }[];
    expect(list.map((t) => t.name).sort()).toEqual(['ci', 'nested']);
    expect(list.every((t) => t.value === undefined)).toBe(true);
    const del = await fetch(`${server.baseUrl}/api/auth/token/${payload.id}`, {
      method: 'DELETE',
      headers: user.headers,
    });
    expect(del.status).toBe(200);
    expect(
      (
        await fetch(`${server.baseUrl}/api/auth/whoami`, {
          headers: { authorization: `Bearer ${payload.token}` },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses tampered or expired tokens and answers bad input with 400', async () => {
    const user = await signIn(server, 'viewer');
    const res = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'short', expiry: '1h' }),
    });
    const { payload } = (await res.json()) as TokenAnswer;
    const tampered = `${payload.token.slice(0, -2)}xx`;
    expect(
      (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { authorization: `Bearer ${tampered}` } }))
        .status,
    ).toBe(401);
    await server.db.query("UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      payload.id,
    ]);
    expect(
      (
        await fetch(`${server.baseUrl}/api/auth/whoami`, {
          headers: { authorization: `Bearer ${payload.token}` },
        })
      ).status,
    ).toBe(401);
    const bad = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', expiry: 'soon' }),
    });
    expect(bad.status).toBe(400);
  });

  it('accepts Basic email:password and refuses a wrong password', async () => {
    const user = await signIn(server, 'viewer');
    const basic = (pw: string) => `Basic ${Buffer.from(`${user.email}:${pw}`).toString('base64')}`;
    expect(
      (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { authorization: basic(user.password) } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { authorization: basic('nope-nope') } }))
        .status,
    ).toBe(401);
  });
});

describe('users, invites, roles and feature flags', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-flags-'));
    const file = path.join(dir, 'flags.properties');
    fs.writeFileSync(file, '# local flags\nincidents.disable=true\nlogs.disable = false\n');
    server = await startTestServer(
      'pglite',
      { dataDir: dir },
      { AUTH_MODE: 'builtin', PROPERTIES_FILE: file },
    );
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('invites a user with a one-time link that leads to setting a password', async () => {
    const admin = await signIn(server, 'admin');
    const post = (body: unknown) =>
      fetch(`${server.baseUrl}/api/auth/invite_user`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const invalid = await post({ firstName: '', lastName: 'X', email: 'bad', role: 'boss' });
    expect(invalid.status).toBe(400);
    const refused = (await invalid.json()) as { error: string; fields: string[] };
    expect(refused.error).toContain('Please provide valid first name');
    expect(refused.error).toContain('Entered value does not match email format');
    // The invite form says each next to its field.
    expect(refused.fields).toEqual(expect.arrayContaining(['firstName', 'email', 'role']));
    const res = await post({
      firstName: 'Iris',
      lastName: 'Invited',
      email: 'iris@example.com',
      role: 'responder',
    });
    expect(res.status).toBe(201);
    const { link } = (await res.json()) as { link: string };
    const taken = await post({ firstName: 'I', lastName: 'I', email: 'iris@example.com', role: 'viewer' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: 'A user with the email iris@example.com already exists',
      fields: ['email'],
    });

    const b = new Browser(server.baseUrl);
    const open = await b.fetch(link, { accept: 'html' });
    expect(open.status).toBe(303);
    const to = open.headers.get('location') ?? '';
    expect(to).toMatch(/^\/profile-settings\?flow=/);
    expect((await b.fetch(link, { accept: 'html' })).headers.get('location')).toMatch(/^\/error\/[\w-]+$/);
    const { body: settings } = await b.json<Flow>(
      `/api/auth/self-service/settings/flows?id=${to.split('=')[1]}`,
    );
    expect(
      (await b.submit(settings, 'settings', { method: 'password', password: 'invited-secret-77' })).status,
    ).toBe(200);
    const c = new Browser(server.baseUrl);
    expect((await c.login('iris@example.com', 'invited-secret-77')).status).toBe(200);
    const who = await c.json<{ payload: { roles: string[] } }>('/api/auth/whoami');
    expect(who.body.payload.roles).toEqual(['responder']);
  });

  it('lists identities with roles and state, changes roles, deactivates and deletes users', async () => {
    const admin = await signIn(server, 'admin');
    const target = await signIn(server, 'viewer');
    const list = (await (
      await fetch(`${server.baseUrl}/api/identities`, { headers: admin.headers })
    ).json()) as {
      id: string;
      traits: { email: string };
      roles: string[];
      state: string;
    }[];
    expect(list.find((u) => u.id === target.personId)).toMatchObject({ roles: ['viewer'], state: 'active' });
    const json = (url: string, body: unknown, headers = admin.headers) =>
      fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await json(`/api/rbac/${target.personId}/update_role`, { roles: ['wizard'] })).status).toBe(400);
    expect((await json(`/api/rbac/${target.personId}/update_role`, { roles: ['editor'] })).status).toBe(200);
    const roles = (await (
      await fetch(`${server.baseUrl}/api/rbac/${target.personId}/roles`, { headers: admin.headers })
    ).json()) as {
      roles: string[];
    };
    expect(roles.roles).toEqual(['editor']);
    // An editor may not manage users or roles.
    expect(
      (await json(`/api/rbac/${admin.personId}/update_role`, { roles: ['viewer'] }, target.headers)).status,
    ).toBe(403);
    expect(
      (
        await json(
          '/api/auth/invite_user',
          { firstName: 'a', lastName: 'b', email: 'x@example.com', role: 'admin' },
          target.headers,
        )
      ).status,
    ).toBe(403);
    // Deactivating ends the person's sessions.
    const upd = await json('/api/people/update', {
      id: target.personId,
      firstName: 'Ed',
      lastName: 'Itor',
      state: 'inactive',
    });
    expect(upd.status).toBe(200);
    expect(((await upd.json()) as { message: string }).message).toBe('Ed Itor updated successfully');
    expect((await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: target.headers })).status).toBe(401);
    const del = await fetch(`${server.baseUrl}/api/people/${target.personId}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(((await del.json()) as { message: string }).message).toBe('user deleted successfully');
    expect(
      (
        await fetch(`${server.baseUrl}/api/people/${admin.personId}`, {
          method: 'DELETE',
          headers: admin.headers,
        })
      ).status,
    ).toBe(400);
  });

  it('serves feature flags from the table and PROPERTIES_FILE, and keeps local ones read-only', async () => {
    const admin = await signIn(server, 'admin');
    const viewer = await signIn(server, 'viewer');
    const flags = (await (
      await fetch(`${server.baseUrl}/api/properties`, { headers: viewer.headers })
    ).json()) as {
      name: string;
      value: string;
      source: string;
    }[];
    expect(flags).toEqual(
      expect.arrayContaining([
        { name: 'incidents.disable', value: 'true', source: 'local' },
        { name: 'logs.disable', value: 'false', source: 'local' },
      ]),
    );
    const patch = await fetch(`${server.baseUrl}/api/db/properties?name=eq.incidents.disable`, {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'false' }),
    });
    expect(patch.status).toBe(403);
    expect(((await patch.json()) as { message: string }).message).toBe('Cannot edit local feature flags');
    // The database refuses it too, whatever path a write takes.
    await expect(server.db.query("DELETE FROM properties WHERE name = 'incidents.disable'")).rejects.toThrow(
      'Cannot edit local feature flags',
    );
    const own = await fetch(`${server.baseUrl}/api/db/properties`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'settings.teams.disable', value: 'true' }),
    });
    expect(own.status).toBe(201);
  });
});
