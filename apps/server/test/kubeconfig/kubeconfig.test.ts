import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { kubeconfigFileName } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { httpsServer } from '../health/peers.js';
import { selfSignedCert } from '../peers/index.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';

const run = promisify(execFile);
/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;
const BASE = '/apis/canaries.flanksource.com/v1';
/** What kubectl sends when it prints a list. */
const TABLE_ACCEPT =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

type Kubeconfig = {
  clusters: Array<{ name: string; cluster: { server: string } }>;
  users: Array<{ name: string; user: { token: string } }>;
  'current-context': string;
};

function hasKubectl(): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, 'kubectl')));
}

describe.each(DB_KINDS)('kubeconfig on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let file: string;
  let tmp: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    await server.db.query(
      `INSERT INTO canaries (name, namespace, schedule, spec, labels)
       VALUES ('http-smoke', 'default', '@every 1m', '{"schedule":"@every 1m","http":[{"name":"home","url":"http://example.invalid"}]}', '{"team":"web"}'),
              ('db-ping', 'payments', '@every 5m', '{"schedule":"@every 5m"}', '{}')`,
    );
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-'));
  }, START_TIMEOUT);
  afterAll(async () => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    await server?.close();
  });

  /** The web dialog's request: POST, with the session cookie and the page's Origin. */
  const download = (headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/api/kubeconfig`, { method: 'POST', headers });

  it('downloads a kubeconfig for this console with a new token of the caller', async () => {
    const user = await signIn(server, 'viewer');
    const res = await download(user.headers);
    expect(res.status).toBe(200);
    const publicUrl = server.ctx.publicBaseUrl();
    const name = kubeconfigFileName(publicUrl);
    expect(name).toMatch(/-kubeconfig\.yaml$/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const doc = parse(await res.text()) as Kubeconfig;
    expect(doc.clusters[0]?.cluster.server).toBe(publicUrl);
    expect(doc['current-context']).toBe(doc.clusters[0]?.name);
    expect(doc.users[0]?.name).toBe(user.email);
    token = doc.users[0]?.user.token ?? '';
    expect(token).toMatch(/^od_[0-9a-f]{32}\./);

    const { rows } = await server.db.query<{ name: string; person_id: string; expires_at: Date }>(
      'SELECT name, person_id, expires_at FROM access_tokens WHERE person_id = $1',
      [user.personId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe(`kubeconfig-${new Date().toISOString().slice(0, 10)}`);
    expect(new Date(rows[0]?.expires_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    // Another download is another token: each file can be revoked on its own.
    await download(user.headers);
    const again = await server.db.query('SELECT id FROM access_tokens WHERE person_id = $1', [user.personId]);
    expect(again.rows).toHaveLength(2);

    file = path.join(tmp, name);
    fs.writeFileSync(file, await (await download(user.headers)).text());
  });

  it('refuses the Kubernetes routes without credentials', async () => {
    for (const p of ['/api/kubeconfig', '/apis', `${BASE}/canaries`]) {
      expect((await fetch(`${server.baseUrl}${p}`)).status, p).toBe(401);
    }
    expect((await download({})).status).toBe(401);
  });

  // Issue 37, finding 9: a GET made the token, so a link on another site the admin clicked did.
  it('makes a token only on a same-origin POST: GET is 405, a cross-site POST 403', async () => {
    const user = await signIn(server, 'admin');
    const tokens = async () =>
      (await server.db.query('SELECT 1 FROM access_tokens WHERE person_id = $1', [user.personId])).rows
        .length;
    const get = await fetch(`${server.baseUrl}/api/kubeconfig`, { headers: user.headers });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(((await get.json()) as { error: string }).error).toMatch(/^Method not allowed: POST/);
    const cookie = { cookie: user.headers.cookie ?? '' };
    for (const headers of [
      cookie,
      { ...cookie, origin: 'https://evil.example' },
      { ...cookie, origin: 'null', referer: `${server.baseUrl}/` },
      { ...cookie, referer: 'https://evil.example/page' },
    ]) {
      expect((await download(headers)).status, JSON.stringify(headers)).toBe(403);
    }
    expect(await tokens()).toBe(0);
    expect((await download(user.headers)).status).toBe(200);
    expect(await tokens()).toBe(1);
  });

  it('shows a viewer the spec with its credentials as ***, and an editor whole, as /api/db does', async () => {
    const spec = {
      http: [
        {
          name: 'api',
          url: 'https://api.example/health',
          password: { value: 'kc-pw-1' },
          headers: [
            { name: 'Authorization', value: 'Bearer kc-bearer-2' },
            { name: 'X-Auth-Key', value: 'kc-xauth-3' },
          ],
        },
      ],
      postgres: [{ name: 'db', url: 'postgres://app:kc-pg/4@db.example:5432/app' }],
    };
    await server.db.query(`INSERT INTO canaries (name, namespace, spec) VALUES ('with-creds', 'vault', $1)`, [
      JSON.stringify(spec),
    ]);
    const secrets = ['kc-pw-1', 'kc-bearer-2', 'kc-xauth-3', 'kc-pg', '4@db'];
    const viewer = { authorization: `Bearer ${token}` };
    const editor = (await signIn(server, 'editor')).headers;
    for (const p of [`${BASE}/namespaces/vault/canaries/with-creds`, `${BASE}/canaries`]) {
      const seen = await (await fetch(`${server.baseUrl}${p}`, { headers: viewer })).text();
      for (const s of secrets) expect(seen, `${p} shows ${s}`).not.toContain(s);
      const whole = await (await fetch(`${server.baseUrl}${p}`, { headers: editor })).text();
      for (const s of secrets) expect(whole, p).toContain(s);
    }
    const one = (await (
      await fetch(`${server.baseUrl}${BASE}/namespaces/vault/canaries/with-creds`, { headers: viewer })
    ).json()) as { spec: typeof spec };
    expect(one.spec.http[0]).toMatchObject({
      url: 'https://api.example/health',
      password: { value: '***' },
      headers: [
        { name: 'Authorization', value: '***' },
        { name: 'X-Auth-Key', value: '***' },
      ],
    });
    expect(one.spec.postgres[0]?.url).toBe('postgres://app:***@db.example:5432/app');
    await server.db.query(`DELETE FROM canaries WHERE name = 'with-creds'`);
  });

  it('answers the discovery calls kubectl makes', async () => {
    const get = async (p: string) => {
      const res = await fetch(`${server.baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, p).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    expect(await get('/api')).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    expect(await get('/api/v1')).toMatchObject({ kind: 'APIResourceList', resources: [] });
    expect(await get('/apis')).toMatchObject({
      kind: 'APIGroupList',
      groups: [{ name: 'canaries.flanksource.com', preferredVersion: { version: 'v1' } }],
    });
    expect(await get(BASE)).toMatchObject({
      kind: 'APIResourceList',
      groupVersion: 'canaries.flanksource.com/v1',
      resources: [{ name: 'canaries', kind: 'Canary', namespaced: true, verbs: ['get', 'list'] }],
    });
  });

  it('lists canaries as a Table for printing and as a CanaryList otherwise', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const table = (await (
      await fetch(`${server.baseUrl}${BASE}/canaries?limit=500`, {
        headers: { ...auth, accept: TABLE_ACCEPT },
      })
    ).json()) as {
      kind: string;
      columnDefinitions: Array<{ name: string }>;
      rows: Array<{ cells: unknown[] }>;
    };
    expect(table.kind).toBe('Table');
    expect(table.columnDefinitions.map((c) => c.name)).toEqual([
      'Name',
      'Schedule',
      'Agent',
      'Source',
      'Age',
    ]);
    expect(table.rows.map((r) => r.cells.slice(0, 3))).toEqual([
      ['http-smoke', '@every 1m', 'local'],
      ['db-ping', '@every 5m', 'local'],
    ]);

    const list = (await (
      await fetch(`${server.baseUrl}${BASE}/namespaces/payments/canaries`, { headers: auth })
    ).json()) as {
      kind: string;
      items: Array<{ kind: string; metadata: { name: string; namespace: string } }>;
    };
    expect(list.kind).toBe('CanaryList');
    expect(list.items.map((i) => [i.kind, i.metadata.namespace, i.metadata.name])).toEqual([
      ['Canary', 'payments', 'db-ping'],
    ]);

    const one = await fetch(`${server.baseUrl}${BASE}/namespaces/default/canaries/http-smoke`, {
      headers: auth,
    });
    expect(await one.json()).toMatchObject({
      kind: 'Canary',
      metadata: { name: 'http-smoke', labels: { team: 'web' } },
      spec: { schedule: '@every 1m' },
    });
    const missing = await fetch(`${server.baseUrl}${BASE}/namespaces/default/canaries/nope`, {
      headers: auth,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ kind: 'Status', reason: 'NotFound', code: 404 });
  });

  it.skipIf(!hasKubectl())(
    'kubectl --kubeconfig <file> get canaries works with the downloaded file',
    async () => {
      // kubectl sends credentials only over TLS, so PUBLIC_URL is https in real use: here a TLS
      // front (as a reverse proxy would be) with a test CA stands in for it.
      const cert = selfSignedCert(new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000));
      const front = await httpsServer(cert, (req, res) => {
        const upstream = http.request(
          `${server.baseUrl}${req.url ?? '/'}`,
          { method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        req.pipe(upstream);
      });
      const downloaded = parse(fs.readFileSync(file, 'utf8')) as {
        clusters: Array<{ cluster: Record<string, string> }>;
      };
      const cluster: Record<string, string> = downloaded.clusters[0]?.cluster ?? {};
      cluster.server = `https://127.0.0.1:${front.port}`;
      cluster['certificate-authority-data'] = Buffer.from(cert.cert).toString('base64');
      const tlsFile = path.join(tmp, 'tls-kubeconfig.yaml');
      fs.writeFileSync(tlsFile, stringify(downloaded));
      const kubectl = (...args: string[]) =>
        run('kubectl', ['--kubeconfig', tlsFile, '--cache-dir', path.join(tmp, 'cache'), ...args], {
          env: { ...process.env, HOME: tmp, KUBECONFIG: '' },
          timeout: 60_000,
        });
      try {
        const all = await kubectl('get', 'canaries', '-A');
        const lines = all.stdout.trim().split('\n');
        expect(lines[0]).toMatch(/^NAMESPACE\s+NAME\s+SCHEDULE\s+AGENT\s+AGE$/);
        expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 4))).toEqual([
          ['default', 'http-smoke', '@every', '1m'],
          ['payments', 'db-ping', '@every', '5m'],
        ]);
        const inDefault = await kubectl('get', 'canaries');
        expect(inDefault.stdout).toContain('http-smoke');
        expect(inDefault.stdout).not.toContain('db-ping');
        const json = JSON.parse(
          (await kubectl('get', 'canary', 'db-ping', '-n', 'payments', '-o', 'json')).stdout,
        ) as {
          kind: string;
          metadata: { name: string };
        };
        expect(json).toMatchObject({ kind: 'Canary', metadata: { name: 'db-ping' } });
        await expect(kubectl('get', 'canary', 'nope')).rejects.toMatchObject({
          stderr: expect.stringContaining('canaries.canaries.flanksource.com "nope" not found'),
        });
      } finally {
        await front.close();
      }
    },
  );
});
