import type { Role } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealUrlPasswordsJob } from '../../src/connections/jobs.js';
import { resolveConnection } from '../../src/connections/resolve.js';
import { secretBox } from '../../src/lib/secrets/index.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { call, createConnection, rawConnection } from './helpers.js';

const START_TIMEOUT = 300_000;
const PASSWORD = 'S3cret-pw!/with:parts@';
const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----';
const TEAMS_WEBHOOK = 'https://acme.webhook.office.com/webhookb2/g-1@t-2/IncomingWebhook/alt3/own4';

describe.each(DB_KINDS)('connections storage on %s', (kind) => {
  let server: TestServer;
  const users = new Map<Role, SignedIn>();
  const as = (role: Role) => users.get(role);
  const open = (sealed: string | null) => {
    expect(sealed?.startsWith('enc:')).toBe(true);
    return secretBox(server.ctx.config).open((sealed ?? '').slice('enc:'.length));
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer'] as const) {
      users.set(role, await signIn(server, role));
    }
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('encrypts password, certificate and secret properties at rest and answers *** right after creation', async () => {
    const res = await call(server, as('admin'), '/api/db/connections', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'orders-db',
        type: 'postgres',
        url: 'postgres://db.example:5432/orders',
        username: 'app',
        password: PASSWORD,
        certificate: CERTIFICATE,
      },
    });
    expect(res.status).toBe(201);
    expect(res.text).not.toContain('S3cret');
    expect(res.text).not.toContain('MIIBfake');
    const created = (res.json as Record<string, unknown>[])[0] ?? {};
    expect(created).toMatchObject({ password: '***', certificate: '***', username: '***' });

    const raw = await rawConnection(server, String(created.id));
    expect(raw.password).not.toContain('S3cret');
    expect(raw.certificate).not.toContain('MIIBfake');
    // Sealed with the server's key, not thrown away.
    expect(open(raw.password)).toBe(PASSWORD);
    expect(open(raw.certificate)).toBe(CERTIFICATE);

    const teams = await createConnection(server, as('admin'), {
      name: 'ops-teams',
      type: 'teams',
      properties: { webhook: TEAMS_WEBHOOK },
    });
    const rawTeams = await rawConnection(server, teams);
    expect(JSON.stringify(rawTeams)).not.toContain('alt3');
    expect(open(rawTeams.properties.webhook ?? null)).toBe(TEAMS_WEBHOOK);
    // The sender URL keeps a placeholder where the secret goes.
    expect(rawTeams.url).toBe('teams+$(properties.webhook)');
  });

  it('stamps created_by with the caller and fills namespace, source and the type defaults', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'backups',
      type: 'sftp',
      username: 'backup',
      password: 'pw',
      properties: { host: 'files.example' },
      created_by: as('viewer')?.personId,
    });
    const raw = await rawConnection(server, id);
    expect(raw.created_by).toBe(as('admin')?.personId);
    expect(raw.namespace).toBe('default');
    expect(raw.source).toBe('UI');
    expect(raw.properties).toMatchObject({ host: 'files.example', port: '22' });
  });

  it('refuses a connection that lacks a required field, naming the field', async () => {
    const post = (body: Record<string, unknown>) =>
      call(server, as('admin'), '/api/db/connections', { method: 'POST', body });
    const noPassword = await post({ name: 'db2', type: 'postgres', url: 'postgres://x/db', username: 'u' });
    expect(noPassword.status).toBe(400);
    expect((noPassword.json as { message: string }).message).toContain('password: This field is required');
    const noHost = await post({ name: 'f', type: 'sftp', username: 'u', password: 'p' });
    expect((noHost.json as { message: string }).message).toContain('properties.host: This field is required');
    const masked = await post({
      name: 'db3',
      type: 'postgres',
      url: 'postgres://x/db',
      username: 'u',
      password: '***',
    });
    expect((masked.json as { message: string }).message).toContain('password: This field is required');
    const unknownType = await post({ name: 'x', type: 'carrier-pigeon' });
    expect(unknownType.status).toBe(400);
    expect((unknownType.json as { message: string }).message).toContain('unknown connection type');
    const noName = await post({ type: 'http', url: 'http://x' });
    expect((noName.json as { message: string }).message).toContain('name: This field is required');
    const { rows } = await server.db.query(
      `SELECT 1 FROM connections WHERE name IN ('db2', 'f', 'db3', 'x')`,
    );
    expect(rows).toHaveLength(0);
  });

  it('stores notification kinds as a sender URL with placeholders, never the secret', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'alerts-slack',
      type: 'slack',
      password: 'xoxb-very-secret',
      properties: { channel: '#alerts' },
    });
    const raw = await rawConnection(server, id);
    expect(raw.url).toBe('slack://$(password)@%23alerts');
    expect(JSON.stringify(raw)).not.toContain('xoxb');
    const list = await call(server, as('viewer'), `/api/db/connections_list?id=eq.${id}`);
    expect((list.json as { category: string }[])[0]?.category).toBe('notification');
  });

  it('keeps a secret sent back as *** or left out, and replaces it when a new one is typed', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'keep-db',
      type: 'postgres',
      url: 'postgres://db.example:5432/keep',
      username: 'app',
      password: 'first-password',
    });
    const teams = await createConnection(server, as('admin'), {
      name: 'keep-teams',
      type: 'teams',
      properties: { webhook: TEAMS_WEBHOOK },
    });
    const before = await rawConnection(server, id);
    const patch = (target: string, body: Record<string, unknown>) =>
      call(server, as('admin'), `/api/db/connections?id=eq.${target}`, { method: 'PATCH', body });

    // The edit form sends back what connection_details showed.
    const details = await call(server, as('admin'), `/api/db/connection_details?id=eq.${id}`);
    const shown = (details.json as Record<string, unknown>[])[0] ?? {};
    expect(shown).toMatchObject({ username: '***', password: '***' });
    expect((await patch(id, { ...shown, name: 'keep-db' })).status).toBe(204);
    let after = await rawConnection(server, id);
    expect(after.password).toBe(before.password);
    expect(after.username).toBe('app');

    expect((await patch(id, { url: 'postgres://db.example:5432/other' })).status).toBe(204);
    after = await rawConnection(server, id);
    expect(after.password).toBe(before.password);
    expect(after.url).toBe('postgres://db.example:5432/other');

    expect((await patch(id, { password: 'second-password' })).status).toBe(204);
    after = await rawConnection(server, id);
    expect(open(after.password)).toBe('second-password');

    const teamsBefore = await rawConnection(server, teams);
    expect((await patch(teams, { properties: { webhook: '***' } })).status).toBe(204);
    expect((await rawConnection(server, teams)).properties.webhook).toBe(teamsBefore.properties.webhook);

    const noId = await call(server, as('admin'), '/api/db/connections?name=eq.keep-db', {
      method: 'PATCH',
      body: { password: 'x' },
    });
    expect(noId.status).toBe(400);
    expect((noId.json as { message: string }).message).toContain('id=eq.');
  });

  it('shows a URL with its user but never its password, and keeps the password on edit', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'inline-creds',
      type: 'http',
      url: 'https://svc:url-pass-77@api.example/v1',
    });
    const details = await call(server, as('admin'), `/api/db/connection_details?id=eq.${id}`);
    expect(details.text).not.toContain('url-pass-77');
    const shown = (details.json as { url: string }[])[0];
    expect(shown?.url).toBe('https://svc:***@api.example/v1');
    await call(server, as('admin'), `/api/db/connections?id=eq.${id}`, {
      method: 'PATCH',
      body: { url: shown?.url.replace('/v1', '/v2') },
    });
    const raw = (await rawConnection(server, id)).url ?? '';
    expect(raw).not.toContain('url-pass-77');
    expect(raw).toMatch(/^https:\/\/svc:enc:v1\.[\w.-]+@api\.example\/v2$/);
    expect(open(/svc:(enc:[^@]+)@/.exec(raw)?.[1] ?? null)).toBe('url-pass-77');
  });

  it('seals a password written inside the URL, slashes and Go DSNs included, and opens it only to use it', async () => {
    for (const [name, type, url, password] of [
      ['url-slash', 'http', 'https://app:pa/ss@api.example:8443/v1', 'pa/ss'],
      ['url-dsn', 'mysql', 'root:dsn-pw@tcp(127.0.0.1:3306)/orders?tls=true', 'dsn-pw'],
    ] as const) {
      const fields = type === 'mysql' ? { username: 'root', password: 'field-pw' } : {};
      const id = await createConnection(server, as('admin'), { name, type, url, ...fields });
      const row = await server.db.query<Record<string, unknown>>('SELECT * FROM connections WHERE id = $1', [
        id,
      ]);
      expect(JSON.stringify(row.rows[0])).not.toContain(password);
      const hydrated = await resolveConnection({ db: server.db, config: server.ctx.config }, id);
      expect(hydrated.url).toBe(url);
    }
  });

  it('seals URL passwords of rows stored before the rule, once, without touching placeholders', async () => {
    const legacy = 'https://svc:legacy-pw-5@api.example/v1';
    const placeholder = 'postgres://$(username):$(password)@db.example/orders';
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO connections (name, type, url) VALUES ('legacy-url', 'http', $1), ('placeholder-url', 'postgres', $2)
       RETURNING id`,
      [legacy, placeholder],
    );
    const outcome = await sealUrlPasswordsJob.run(server.ctx, new AbortController().signal);
    expect(outcome).toEqual({ success: 1 });
    const [legacyRow, placeholderRow] = await Promise.all(rows.map((r) => rawConnection(server, r.id)));
    expect(legacyRow?.url).not.toContain('legacy-pw-5');
    expect(placeholderRow?.url).toBe(placeholder);
    const hydrated = await resolveConnection({ db: server.db, config: server.ctx.config }, rows[0]?.id ?? '');
    expect(hydrated.url).toBe(legacy);
    expect(await sealUrlPasswordsJob.run(server.ctx, new AbortController().signal)).toEqual({ success: 0 });
  });

  it('lets only admin write and test; editor reads masked; other roles read only connections_list', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'rbac-db',
      type: 'postgres',
      url: 'postgres://db.example:5432/rbac',
      username: 'rbac-user',
      password: 'rbac-password',
    });
    for (const role of ['editor', 'commander', 'responder', 'viewer'] as const) {
      const who = as(role);
      const create = await call(server, who, '/api/db/connections', {
        method: 'POST',
        body: { name: `by-${role}`, type: 'http', url: 'http://x' },
      });
      expect(create.status, role).toBe(403);
      const edit = await call(server, who, `/api/db/connections?id=eq.${id}`, {
        method: 'PATCH',
        body: { password: 'hijack' },
      });
      expect(edit.status, role).toBe(403);
      const remove = await call(server, who, `/api/db/connections?id=eq.${id}`, { method: 'DELETE' });
      expect(remove.status, role).toBe(403);
      const test = await call(server, who, `/api/connection/test/${id}`, { method: 'POST' });
      expect(test.status, role).toBe(403);
      const list = await call(server, who, '/api/db/connections_list?select=*');
      expect(list.status, role).toBe(200);
      expect(list.text).toContain('rbac-db');
      expect(list.text).not.toContain('rbac-password');
      expect(list.text).not.toContain('rbac-user');
      expect(Object.keys((list.json as Record<string, unknown>[])[0] ?? {})).not.toContain('password');
    }
    for (const role of ['commander', 'responder', 'viewer'] as const) {
      expect((await call(server, as(role), '/api/db/connection_details')).status, role).toBe(403);
      expect((await call(server, as(role), '/api/db/connections')).status, role).toBe(403);
    }
    for (const path of ['/api/db/connection_details', '/api/db/connections']) {
      const read = await call(server, as('editor'), `${path}?id=eq.${id}`);
      expect(read.status).toBe(200);
      expect((read.json as Record<string, unknown>[])[0]).toMatchObject({ password: '***', username: '***' });
      expect(read.text).not.toContain('rbac-password');
      // Even the admin never reads a stored secret back, nor its ciphertext.
      const adminRead = await call(server, as('admin'), `${path}?id=eq.${id}`);
      expect(adminRead.text).not.toContain('rbac-password');
      expect(adminRead.text).not.toContain('enc:');
    }
    expect((await rawConnection(server, id)).password).not.toBe('hijack');
  });

  it('cannot be probed with a filter on a secret column', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'probe-db',
      type: 'postgres',
      url: 'postgres://db.example:5432/probe',
      username: 'u',
      password: 'guess-me',
    });
    const sealed = (await rawConnection(server, id)).password ?? '';
    for (const value of ['guess-me', sealed]) {
      const res = await call(
        server,
        as('admin'),
        `/api/db/connections?id=eq.${id}&password=eq.${encodeURIComponent(value)}`,
      );
      expect(res.json).toEqual([]);
    }
  });

  it('soft-deletes: DELETE marks the row, the lists drop it, its name is free again', async () => {
    const id = await createConnection(server, as('admin'), {
      name: 'short-lived',
      type: 'http',
      url: 'http://example.test',
    });
    const del = await call(server, as('admin'), `/api/db/connections?id=eq.${id}`, { method: 'DELETE' });
    expect(del.status).toBeLessThan(300);
    expect((await rawConnection(server, id)).deleted_at).not.toBeNull();
    expect((await call(server, as('viewer'), `/api/db/connections_list?id=eq.${id}`)).json).toEqual([]);
    expect((await call(server, as('editor'), `/api/db/connection_details?id=eq.${id}`)).json).toEqual([]);
    const again = await createConnection(server, as('admin'), {
      name: 'short-lived',
      type: 'http',
      url: 'http://example.test',
    });
    expect(again).not.toBe(id);
    const duplicate = await call(server, as('admin'), '/api/db/connections', {
      method: 'POST',
      body: { name: 'short-lived', type: 'http', url: 'http://example.test' },
    });
    expect(duplicate.status).toBe(409);
  });
});
