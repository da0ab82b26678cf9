import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '../../src/auth/identities.js';
import { hashSecret } from '../../src/auth/passwords.js';
import { setRoles } from '../../src/auth/roles.js';
import { createSession, SESSION_COOKIE } from '../../src/auth/sessions.js';
import { readArchive, writeArchive } from '../../src/db/backup/archive.js';
import { freePort } from '../free-port.js';
import { freshDb } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';
import { cli, cliDone, stop, waitForHttp, type Run } from './cli.js';

/** Two servers a few seconds apart on a shared machine: allow for slow starts. */
const TIMEOUT = 600_000;
const PUBLIC_URL = 'https://ops.example.test';

/** A web server that wants Basic probe:<password>, as the connection under test. */
async function guardedPeer(password: string): Promise<{ url: string; close(): void }> {
  const expected = `Basic ${Buffer.from(`probe:${password}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    res.writeHead(req.headers.authorization === expected ? 200 : 401).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/**
 * A TLS-terminating load balancer in miniature: round-robin over the replicas, appending the
 * client's address to X-Forwarded-For. Every test client is on loopback, so the address the
 * proxy "sees" is taken from X-Test-Client.
 */
async function roundRobinProxy(targets: number[]): Promise<{ url: string; close(): void }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = targets[next++ % targets.length];
    const headers = { ...req.headers };
    const client = String(headers['x-test-client'] ?? req.socket.remoteAddress);
    delete headers['x-test-client'];
    const prior = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
    headers['x-forwarded-proto'] = 'https';
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

function tmp(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Request-log lines (LOG_LEVEL=debug) of a replica, as JSON. */
function requestLines(run: Run): { url?: string; clientIp?: string }[] {
  return run
    .output()
    .split('\n')
    .filter((l) => l.includes('"clientIp"'))
    .map((l) => JSON.parse(l) as { url?: string; clientIp?: string });
}

describe('two replicas behind a proxy on one PostgreSQL', () => {
  const dirs: string[] = [];
  const runs: Run[] = [];
  const closers: (() => unknown)[] = [];
  let url: string;
  let proxy: { url: string; close(): void };
  let a: Run;
  let b: Run;
  const secretKey = crypto.randomBytes(24).toString('hex');
  let cookie: string;
  let connectionId: string;
  const peerPassword = `peer-${crypto.randomBytes(6).toString('hex')}`;
  let peer: { url: string; close(): void };

  beforeAll(async () => {
    const fresh = await freshDb('postgresql');
    closers.push(() => fresh.drop());
    url = fresh.url ?? '';
    const ports = [await freePort(), await freePort()];
    const env = (port: number): Record<string, string> => {
      const dataDir = tmp('opsdeck-rep-');
      dirs.push(dataDir);
      return {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: String(port),
        SECRET_KEY: secretKey,
        TRUST_PROXY: '1',
        PUBLIC_URL,
        AUTH_MODE: 'builtin',
        AUTH_ADMIN_EMAIL: 'first-admin@example.com',
        AUTH_RATE_LIMIT_ACCOUNT: '3',
        AUTH_RATE_LIMIT_IP: '4',
        LOG_LEVEL: 'debug',
      };
    };
    a = cli(['serve'], env(ports[0] ?? 0));
    runs.push(a);
    await waitForHttp(`http://127.0.0.1:${ports[0]}/readyz`, a);
    b = cli(['serve'], env(ports[1] ?? 0));
    runs.push(b);
    await waitForHttp(`http://127.0.0.1:${ports[1]}/readyz`, b);
    proxy = await roundRobinProxy(ports);
    closers.push(() => proxy.close());
    peer = await guardedPeer(peerPassword);
    closers.push(() => peer.close());

    // An admin with a session, made in the database both replicas share.
    const adminId = await createIdentity(
      fresh.db,
      { email: 'admin@example.com', name: { first: 'Ad', last: 'Min' } },
      await hashSecret('admin-password-1'),
      { verified: true },
    );
    await setRoles(fresh.db, adminId, ['admin']);
    const { token } = await createSession(fresh.db, inProcessConfig({}).auth, adminId, 'aal1', []);
    cookie = `${SESSION_COOKIE}=${token}`;
    await createIdentity(
      fresh.db,
      { email: 'carol@example.com', name: { first: 'Carol', last: 'C' } },
      await hashSecret('carol-password-1'),
      { verified: true },
    );
  }, TIMEOUT);

  afterAll(async () => {
    for (const run of runs) await stop(run);
    for (const close of closers.reverse()) await close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const viaProxy = (
    p: string,
    init: { client?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${proxy.url}${p}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.client ? { 'x-test-client': init.client } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json', origin: PUBLIC_URL } : {}),
        ...(init.headers ?? {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it('logs and limits each client by its own address on both replicas', async () => {
    const wrong = `od_${'0'.repeat(32)}.${'x'.repeat(43)}`;
    const tokenFrom = (client: string) =>
      viaProxy('/api/auth/whoami', { client, headers: { authorization: `Bearer ${wrong}` } });
    // Four wrong tokens from one client, spread over both replicas: the fifth is refused…
    for (let i = 0; i < 4; i++) expect((await tokenFrom('203.0.113.5')).status).toBe(401);
    expect((await tokenFrom('203.0.113.5')).status).toBe(429);
    expect((await tokenFrom('203.0.113.5')).status).toBe(429);
    // …while another client behind the same proxy is not locked out with it.
    expect((await tokenFrom('198.51.100.8')).status).toBe(401);
    // Each replica saw the clients' addresses, never the proxy's.
    for (const run of [a, b]) {
      const ips = requestLines(run)
        .filter((l) => l.url === '/api/auth/whoami')
        .map((l) => l.clientIp);
      expect(ips.length).toBeGreaterThan(0);
      expect(new Set(ips)).toEqual(
        new Set(ips.filter((ip) => ip === '203.0.113.5' || ip === '198.51.100.8')),
      );
    }
  });

  it("counts one account's wrong passwords on both replicas together", async () => {
    const basic = (password: string) =>
      viaProxy('/api/auth/whoami', {
        client: '192.0.2.44',
        headers: {
          authorization: `Basic ${Buffer.from(`carol@example.com:${password}`).toString('base64')}`,
        },
      });
    for (let i = 0; i < 3; i++) expect((await basic('wrong')).status).toBe(401);
    // The right password now, on either replica: refused until the window ends.
    expect((await basic('carol-password-1')).status).toBe(429);
    expect((await basic('carol-password-1')).status).toBe(429);
  });

  it('opens a connection sealed on one replica on the other', async () => {
    const created = await viaProxy('/api/db/connections', {
      method: 'POST',
      headers: { cookie, prefer: 'return=representation' },
      body: {
        name: 'guarded',
        namespace: 'default',
        type: 'http',
        url: peer.url,
        username: 'probe',
        password: peerPassword,
      },
    });
    expect(created.status).toBe(201);
    connectionId = ((await created.json()) as { id: string }[])[0]?.id ?? '';
    for (let i = 0; i < 2; i++) {
      const tested = await viaProxy(`/api/connection/test/${connectionId}`, {
        method: 'POST',
        headers: { cookie },
        body: {},
      });
      expect(tested.status).toBe(200);
    }
  });

  it(
    'takes a backup while both run; it restores into a fresh database that shows and opens the same',
    async () => {
      const backupDir = tmp('opsdeck-bak-');
      dirs.push(backupDir);
      const file = path.join(backupDir, 'team.tar.gz');
      const backup = await cliDone(['backup', '--output', file], {
        DATABASE_URL: url,
        SECRET_KEY: secretKey,
        DATA_DIR: backupDir,
      });
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toMatch(
        /backup written to .*team\.tar\.gz \(\d+ bytes, postgresql, schema \d+_\w+\)/,
      );
      expect(backup.out).toMatch(
        /The backup holds the secret key: whoever has the file can read every stored credential/,
      );
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      // A fresh database and data folder, no SECRET_KEY: restore brings the key.
      const target = await freshDb('postgresql');
      closers.push(() => target.drop());
      const restoredDir = tmp('opsdeck-restored-');
      dirs.push(restoredDir);
      const otherKey = await cliDone(['restore', file], {
        DATABASE_URL: target.url ?? '',
        DATA_DIR: restoredDir,
        SECRET_KEY: crypto.randomBytes(24).toString('hex'),
      });
      expect(otherKey.code).toBe(1);
      expect(otherKey.out).toMatch(/SECRET_KEY is not the key this backup was taken with/);
      const restored = await cliDone(['restore', file], {
        DATABASE_URL: target.url ?? '',
        DATA_DIR: restoredDir,
      });
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toMatch(/The backup's key was written to .*secret\.key/);
      const again = await cliDone(['restore', file], {
        DATABASE_URL: target.url ?? '',
        DATA_DIR: restoredDir,
      });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(
        /already holds Opsdeck data\. Restore into an empty database, or stop every server and pass --force/,
      );

      const port = await freePort();
      const c = cli(['serve'], {
        DATABASE_URL: target.url ?? '',
        DATA_DIR: restoredDir,
        PORT: String(port),
        AUTH_MODE: 'builtin',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      runs.push(c);
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, c);
      const list = await fetch(`http://127.0.0.1:${port}/api/db/connections?select=name,type`, {
        headers: { cookie },
      });
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([{ name: 'guarded', type: 'http' }]);
      const tested = await fetch(`http://127.0.0.1:${port}/api/connection/test/${connectionId}`, {
        method: 'POST',
        headers: { cookie, origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(tested.status, await tested.clone().text()).toBe(200);
    },
    TIMEOUT,
  );
});

describe('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  const runs: Run[] = [];
  const peers: { close(): void }[] = [];
  afterAll(async () => {
    for (const run of runs) await stop(run);
    for (const p of peers) p.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it(
    'copies the running server consistently, with its key; restores into a fresh DATA_DIR that opens the same',
    async () => {
      const source = tmp('opsdeck-src-');
      const restoredDir = tmp('opsdeck-dst-');
      const work = tmp('opsdeck-bak-');
      dirs.push(source, restoredDir, work);
      const password = `peer-${crypto.randomBytes(6).toString('hex')}`;
      const peer = await guardedPeer(password);
      peers.push(peer);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = cli(['serve'], { DATA_DIR: source, PORT: String(port), AUTH_MODE: 'none' });
      runs.push(server);
      await waitForHttp(`${base}/readyz`, server);
      const created = await fetch(`${base}/api/db/connections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, prefer: 'return=representation' },
        body: JSON.stringify({
          name: 'guarded',
          namespace: 'default',
          type: 'http',
          url: peer.url,
          username: 'probe',
          password,
        }),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { id: string }[])[0]?.id ?? '';

      // The server has the database open: status and backup go through its socket, which only
      // the owner of DATA_DIR may open.
      expect(fs.statSync(path.join(source, 'opsdeck.sock')).mode & 0o777).toBe(0o600);
      const status = await cliDone(['migrate', '--status'], { DATA_DIR: source });
      expect(status.code, status.out).toBe(0);
      expect(status.out).toMatch(/\d+ applied, 0 pending\.\nThe database is up to date\./);
      const file = path.join(work, 'embedded.tar.gz');
      const backup = await cliDone(['backup', '-o', file], { DATA_DIR: source });
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toMatch(/backup written to .*embedded\.tar\.gz \(\d+ bytes, pglite, schema/);
      // The server kept serving while it copied.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      await stop(server);
      expect(fs.existsSync(path.join(source, 'opsdeck.sock'))).toBe(false);

      // A backup of a newer version is refused before anything is touched.
      const unpacked = tmp('opsdeck-unpacked-');
      dirs.push(unpacked);
      const names = await readArchive(file, unpacked);
      expect(names.sort()).toEqual(['manifest.json', 'pgdata.tar', 'secret.key']);
      const manifestFile = path.join(unpacked, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
      manifest.migrations.push('999_from_the_future');
      const newer = path.join(work, 'newer.tar.gz');
      await writeArchive(
        newer,
        names.map((n) =>
          n === 'manifest.json'
            ? { name: n, data: Buffer.from(JSON.stringify(manifest)) }
            : { name: n, file: path.join(unpacked, n) },
        ),
      );
      const refused = await cliDone(['restore', newer], { DATA_DIR: restoredDir });
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(
        /The backup was taken by a newer version of Opsdeck .*999_from_the_future.*Restore it with that version or newer/,
      );
      expect(fs.existsSync(path.join(restoredDir, 'pgdata'))).toBe(false);

      const restored = await cliDone(['restore', file], { DATA_DIR: restoredDir });
      expect(restored.code, restored.out).toBe(0);
      expect(fs.readFileSync(path.join(restoredDir, 'secret.key'), 'utf8').trim()).toBe(
        fs.readFileSync(path.join(source, 'secret.key'), 'utf8').trim(),
      );
      const port2 = await freePort();
      const base2 = `http://127.0.0.1:${port2}`;
      const copy = cli(['serve'], { DATA_DIR: restoredDir, PORT: String(port2), AUTH_MODE: 'none' });
      runs.push(copy);
      await waitForHttp(`${base2}/readyz`, copy);
      const list = await fetch(`${base2}/api/db/connections?select=name`);
      expect(await list.json()).toEqual([{ name: 'guarded' }]);
      const tested = await fetch(`${base2}/api/connection/test/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base2 },
        body: '{}',
      });
      expect(tested.status, await tested.clone().text()).toBe(200);
    },
    TIMEOUT,
  );
});
