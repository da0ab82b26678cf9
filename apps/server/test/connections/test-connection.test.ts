import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { httpServer, type Listening } from '../health/peers.js';
import {
  peerUnavailable,
  startLdap,
  startMariaDb,
  startPrometheus,
  startRedis,
  startSftp,
  startSmtpSink,
  type LdapPeer,
  type MariaDbPeer,
  type PrometheusPeer,
  type RedisPeer,
  type SftpPeer,
  type SmtpSink,
} from '../peers/index.js';
import { call, createConnection, type ConnectionInput } from './helpers.js';

/** An RSA key in PEM (PKCS#1) that no server knows: a key that parses but is not accepted. */
function unknownPemKey(): string {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

const START_TIMEOUT = 300_000;

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type TestAnswer = { message?: string; payload?: Record<string, unknown>; error?: string };

const why = {
  mariadb: peerUnavailable('mariadb'),
  redis: peerUnavailable('redis'),
  ldap: peerUnavailable('ldap'),
  sftp: peerUnavailable('sftp'),
  prometheus: peerUnavailable('prometheus'),
};

// Real peers, shared by both database kinds: the console's database does not change how a
// peer answers, only where the connection is stored.
let mariadb: MariaDbPeer | undefined;
let redis: RedisPeer | undefined;
let ldap: LdapPeer | undefined;
let sftp: SftpPeer | undefined;
let prometheus: PrometheusPeer | undefined;
let smtp: SmtpSink;
let hooks: Listening;
const received: Received[] = [];
let filesRoot: string;

beforeAll(async () => {
  const started = await Promise.all([
    why.mariadb ? undefined : startMariaDb(),
    why.redis ? undefined : startRedis({ password: 'redis-pass' }),
    why.ldap ? undefined : startLdap(),
    why.sftp ? undefined : startSftp(),
    startSmtpSink({ credentials: { username: 'mailer', password: 'mail-pass' } }),
    why.prometheus ? undefined : startPrometheus(),
  ]);
  [mariadb, redis, ldap, sftp] = started;
  smtp = started[4];
  prometheus = started[5];
  hooks = await httpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url?.startsWith('/down')) res.writeHead(503).end('service down for maintenance');
      // An Elasticsearch cluster as its health API answers (no Elasticsearch server in Debian).
      else if (req.url === '/es/_cluster/health')
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"cluster_name":"logs","status":"yellow","number_of_nodes":3}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-conn-files-'));
  fs.writeFileSync(path.join(filesRoot, 'report.csv'), 'a,b\n');
}, START_TIMEOUT);

afterAll(async () => {
  await Promise.all([
    mariadb?.stop(),
    redis?.stop(),
    ldap?.stop(),
    sftp?.stop(),
    prometheus?.stop(),
    smtp?.stop(),
    hooks?.close(),
  ]);
  fs.rmSync(filesRoot, { recursive: true, force: true });
});

describe.each(DB_KINDS)('Test Connection on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { FILE_ROOTS: filesRoot });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  /** Creates the connection and tests it: the status and body Test Connection answers. */
  async function test(input: ConnectionInput): Promise<{ status: number; body: TestAnswer; id: string }> {
    const id = await createConnection(server, undefined, { ...input, name: `${input.name}-${kind}` });
    const res = await call(server, undefined, `/api/connection/test/${id}`, { method: 'POST' });
    return { status: res.status, body: res.json as TestAnswer, id };
  }

  async function retest(id: string, patch: Record<string, unknown>) {
    await call(server, undefined, `/api/db/connections?id=eq.${id}`, { method: 'PATCH', body: patch });
    const res = await call(server, undefined, `/api/connection/test/${id}`, { method: 'POST' });
    return { status: res.status, body: res.json as TestAnswer };
  }

  it('PostgreSQL: version, database and user; a missing database is the server error', async () => {
    const admin = new URL(inject('pgUrl'));
    const ok = await test({
      name: 'pg',
      type: 'postgres',
      url: `postgres://${admin.host}/postgres`,
      username: decodeURIComponent(admin.username),
      // The test server trusts loopback; the type still requires a password.
      password: 'not-checked',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('ok');
    expect(ok.body.payload).toMatchObject({ database: 'postgres', user: decodeURIComponent(admin.username) });
    expect(String(ok.body.payload?.version)).toMatch(/^PostgreSQL \d+/);
    const broken = await retest(ok.id, { url: `postgres://${admin.host}/no_such_database` });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain('database "no_such_database" does not exist');
  });

  it.skipIf(why.mariadb)(
    'MariaDB (mysql): version, database and user; a wrong password is refused',
    async () => {
      const peer = mariadb as MariaDbPeer;
      const ok = await test({
        name: 'maria',
        type: 'mysql',
        url: `mysql://127.0.0.1:${peer.port}/${peer.database}`,
        username: peer.user,
        password: peer.password,
      });
      expect(ok.status).toBe(200);
      expect(String(ok.body.payload?.version)).toContain('MariaDB');
      expect(ok.body.payload).toMatchObject({ database: peer.database });
      const broken = await retest(ok.id, { password: 'wrong-password' });
      expect(broken.status).toBe(400);
      expect(broken.body.error).toContain('Access denied');
    },
  );

  it.skipIf(why.redis)('Redis: AUTH and PING; a wrong password is refused', async () => {
    const peer = redis as RedisPeer;
    const ok = await test({
      name: 'cache',
      type: 'redis',
      url: `redis://127.0.0.1:${peer.port}`,
      password: 'redis-pass',
      properties: { db: '1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toMatchObject({ reply: 'PONG', db: 1 });
    const broken = await retest(ok.id, { password: 'nope' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/WRONGPASS|invalid password/i);
  });

  it.skipIf(why.ldap)('OpenLDAP: binds as the bind DN; a wrong password is refused', async () => {
    const peer = ldap as LdapPeer;
    const ok = await test({
      name: 'directory',
      type: 'ldap',
      url: peer.url,
      username: peer.adminDN,
      password: peer.adminPassword,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ bindDN: peer.adminDN });
    const broken = await retest(ok.id, { password: 'not-it' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/invalid credentials/i);
  });

  it.skipIf(why.sftp)('SFTP: logs in and lists the home folder; a wrong password is refused', async () => {
    const peer = sftp as SftpPeer;
    fs.writeFileSync(path.join(peer.home, `hello-${kind}.txt`), 'hi');
    const ok = await test({
      name: 'files',
      type: 'sftp',
      username: peer.user,
      password: peer.password,
      properties: { host: '127.0.0.1', port: String(peer.port) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toMatchObject({ user: peer.user });
    expect(Number(ok.body.payload?.entries)).toBeGreaterThan(0);
    const broken = await retest(ok.id, { password: 'not-it' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe(`SFTP login as ${peer.user} failed: wrong username or password`);
  });

  it.skipIf(why.sftp)(
    'SFTP: logs in with a private key, encrypted or not; a wrong key or passphrase is refused',
    async () => {
      const peer = sftp as SftpPeer;
      const byKey = await test({
        name: 'files-by-key',
        type: 'sftp',
        username: peer.user,
        certificate: peer.clientKey,
        properties: { host: '127.0.0.1', port: String(peer.port) },
      });
      expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
      expect(byKey.body.payload).toMatchObject({ user: peer.user, login: 'key' });
      const encrypted = await test({
        name: 'files-by-encrypted-key',
        type: 'sftp',
        username: peer.user,
        password: peer.clientKeyPassphrase,
        certificate: peer.encryptedClientKey,
        properties: { host: '127.0.0.1', port: String(peer.port) },
      });
      expect(encrypted.status, JSON.stringify(encrypted.body)).toBe(200);
      const wrongPassphrase = await retest(encrypted.id, { password: 'not-the-passphrase' });
      expect(wrongPassphrase.status).toBe(400);
      expect(wrongPassphrase.body.error).toMatch(/^the private key could not be read: /);
      const unknownKey = await retest(byKey.id, { certificate: unknownPemKey() });
      expect(unknownKey.status).toBe(400);
      expect(unknownKey.body.error).toBe(
        `SFTP login as ${peer.user} failed: the server did not accept the private key`,
      );
      const notAKey = await retest(byKey.id, { certificate: 'not a key' });
      expect(notAKey.status).toBe(400);
      expect(notAKey.body.error).toMatch(/^the private key could not be read: /);
    },
  );

  it('Email: sends a test mail through the connection SMTP with its credentials', async () => {
    const ok = await test({
      name: 'mail',
      type: 'email',
      username: 'mailer',
      password: 'mail-pass',
      properties: {
        host: '127.0.0.1',
        port: String(smtp.port),
        from: 'opsdeck@example.org',
        fromName: 'Opsdeck',
        to: `oncall-${kind}@example.org`,
        encryption: 'None',
      },
    });
    expect(ok.status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(`oncall-${kind}@example.org`));
    expect(mail.subject).toBe('Opsdeck test message');
    expect(mail.authUser).toBe('mailer');
    expect(mail.headerFrom).toBe('Opsdeck <opsdeck@example.org>');
    const broken = await retest(ok.id, { password: 'wrong' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/invalid username or password/i);
  });

  it('HTTP: GETs the URL with Basic auth; a non-2xx answer is a 400 with status and body', async () => {
    const ok = await test({
      name: 'web',
      type: 'http',
      url: `http://127.0.0.1:${hooks.port}/up-${kind}`,
      username: 'probe',
      password: 'probe-pass',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ status: 200 });
    const hit = received.find((r) => r.url === `/up-${kind}`);
    expect(hit?.method).toBe('GET');
    expect(hit?.headers.authorization).toBe(`Basic ${Buffer.from('probe:probe-pass').toString('base64')}`);
    const broken = await retest(ok.id, { url: `http://127.0.0.1:${hooks.port}/down` });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain('HTTP 503');
    expect(broken.body.error).toContain('service down for maintenance');
  });

  it.skipIf(why.prometheus)(
    'Prometheus: runs an instant query; a path without the API is refused',
    async () => {
      const peer = prometheus as PrometheusPeer;
      const ok = await test({ name: 'metrics', type: 'prometheus', url: peer.url });
      expect(ok.status).toBe(200);
      expect(Array.isArray(ok.body.payload?.result)).toBe(true);
      const broken = await retest(ok.id, { url: `http://127.0.0.1:${hooks.port}/down` });
      expect(broken.status).toBe(400);
      expect(broken.body.error).toContain('503');
    },
  );

  it('Elasticsearch: reads the cluster health', async () => {
    const ok = await test({
      name: 'search',
      type: 'elasticsearch',
      url: `http://127.0.0.1:${hooks.port}/es`,
      username: 'elastic',
      password: 'search-pass',
    });
    const hit = received.find((r) => r.url === '/es/_cluster/health');
    expect(hit?.headers.authorization).toBe(`Basic ${Buffer.from('elastic:search-pass').toString('base64')}`);
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toEqual({ cluster: 'logs', status: 'yellow', nodes: 3 });
  });

  it('generic webhook: POSTs title and message under the configured keys', async () => {
    const ok = await test({
      name: 'hook',
      type: 'generic_webhook',
      properties: {
        url: `http://127.0.0.1:${hooks.port}/generic-${kind}`,
        messageKey: 'text',
        titleKey: 'subject',
      },
    });
    expect(ok.status).toBe(200);
    const hit = received.find((r) => r.url === `/generic-${kind}`);
    expect(hit?.method).toBe('POST');
    expect(hit?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(hit?.body ?? '{}') as Record<string, string>;
    expect(body.subject).toBe('Opsdeck test message');
    expect(body.text).toContain(`connection default/hook-${kind}`);
  });

  it('Slack webhook: POSTs the {text} body Slack documents', async () => {
    const ok = await test({
      name: 'slack',
      type: 'slackwebhook',
      properties: { webhook: `http://127.0.0.1:${hooks.port}/services/T0/B0/slack-${kind}` },
    });
    expect(ok.status).toBe(200);
    const hit = received.find((r) => r.url === `/services/T0/B0/slack-${kind}`);
    const body = JSON.parse(hit?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toMatch(/^\*Opsdeck test message\*\n/);
  });

  it('Teams webhook: POSTs a MessageCard', async () => {
    const ok = await test({
      name: 'teams',
      type: 'teams',
      properties: { webhook: `http://127.0.0.1:${hooks.port}/webhookb2/g@t/IncomingWebhook/a/teams-${kind}` },
    });
    expect(ok.status).toBe(200);
    const hit = received.find((r) => r.url.endsWith(`/teams-${kind}`));
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      title: 'Opsdeck test message',
    });
  });

  it('Folder: readable inside the file roots; outside them is refused', async () => {
    const ok = await test({ name: 'reports', type: 'folder', properties: { path: filesRoot } });
    expect(ok.status).toBe(200);
    expect(ok.body.payload).toMatchObject({ type: 'folder', entries: 1 });
    const outside = await retest(ok.id, { properties: { path: '/etc' } });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toContain('outside the allowed file roots');
  });

  it('answers 404 for an unknown connection and 501 for a type that cannot be tested', async () => {
    const missing = await call(
      server,
      undefined,
      '/api/connection/test/7d1a5a42-6b0e-4a4e-9d55-2f1e3c4b5a69',
      {
        method: 'POST',
      },
    );
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'connection was not found' });
    const untestable = await test({
      name: 'billing',
      type: 'sql_server',
      url: 'sqlserver://127.0.0.1:1433?database=billing',
      username: 'sa',
      password: 'not-used',
    });
    expect(untestable.status).toBe(501);
    expect(untestable.body).toEqual({
      error: 'Opsdeck cannot test SQL Server connections: it has no SQL Server driver',
    });
  });
});

describe('Test Connection through the outbound policy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { OUTBOUND_DENY_LOOPBACK: 'true' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('refuses a peer the policy refuses, and never connects to it', async () => {
    const before = received.length;
    const id = await createConnection(server, undefined, {
      name: 'loopback-hook',
      type: 'generic_webhook',
      properties: { url: `http://127.0.0.1:${hooks.port}/policy` },
    });
    const res = await call(server, undefined, `/api/connection/test/${id}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect((res.json as TestAnswer).error).toContain('loopback addresses are not allowed');
    expect(received.length).toBe(before);
  });
});
