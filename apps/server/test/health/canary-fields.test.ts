import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HydratedConnection } from '../../src/connections/index.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { CanarySpecError, definedChecks, parseCanarySpec } from '../../src/health/canary-spec.js';
import { kubeValueReader } from '../../src/health/checks/kube-values.js';
import { runCanary, runCheckNow } from '../../src/health/run-canary.js';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { canaryWriteHook } from '../../src/health/write-hook.js';
import type { DataWriteContext } from '../../src/platform/data-write-hook.js';
import { defaultOutboundPolicy } from '../../src/net/outbound.js';
import { loopbackServer } from '../catalog/peers.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { healthContext } from './context.js';
import { httpServer, type Listening, redisServer } from './peers.js';
import { tokenKubeconfig } from '../peers/kubeconfig.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-fields-'));
const opts: ExecuteOptions = {
  defaultTimeoutMs: 5000,
  sandbox: { scripts: { disabled: false, user: 'nobody' }, files: { roots: [tmp], baseDir: tmp } },
  templateVars: {},
};
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The checks a spec defines, or the reason it is refused. */
function checksOrRefusal(input: unknown): { type: string; name: string }[] | string {
  try {
    const { spec } = parseCanarySpec(input);
    return definedChecks(spec, { labels: {} }).map((c) => ({ type: c.type, name: c.name }));
  } catch (e) {
    if (e instanceof CanarySpecError) return e.message;
    throw e;
  }
}

describe('canary-checker spec keys and shapes', () => {
  it('accepts webhook as one object (canary-checker) and as a list', () => {
    expect(checksOrRefusal({ webhook: { name: 'deploys', token: { value: 's3cret' } } })).toEqual([
      { type: 'webhook', name: 'deploys' },
    ]);
    expect(checksOrRefusal({ webhook: [{ name: 'a' }, { name: 'b' }] })).toEqual([
      { type: 'webhook', name: 'a' },
      { type: 'webhook', name: 'b' },
    ]);
  });

  it("keeps canary-checker's spelling and accepts the aliases, stored under the canonical type", () => {
    expect(
      checksOrRefusal({
        azureDevops: [{ name: 'pipeline' }],
        alertManager: [{ name: 'alerts', url: 'http://am:9093' }],
        alertmanager: [{ name: 'alerts-2', url: 'http://am:9093' }],
        mongo: [{ name: 'db', url: 'mongodb://x' }],
        azuredevops: [{ name: 'legacy' }],
        kubernetesResource: [
          { name: 'k', resources: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'k' } }] },
        ],
        pubsub: [{ name: 'p' }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { type: 'azureDevops', name: 'pipeline' },
        { type: 'azureDevops', name: 'legacy' },
        { type: 'alertmanager', name: 'alerts' },
        { type: 'alertmanager', name: 'alerts-2' },
        { type: 'mongodb', name: 'db' },
        { type: 'kubernetesResource', name: 'k' },
        { type: 'pubsub', name: 'p' },
      ]),
    );
  });

  it('keeps checks of one type with the same name apart, numbering the repeats, also across an alias', () => {
    expect(
      checksOrRefusal({
        http: [
          { name: 'home', url: 'http://a' },
          { name: 'home', url: 'http://b' },
          { name: 'home (2)', url: 'http://c' },
          { name: 'home', url: 'http://d' },
        ],
        tcp: [{ name: 'home', endpoint: 'a:1' }],
      }),
    ).toEqual([
      { type: 'http', name: 'home' },
      { type: 'http', name: 'home (2)' },
      { type: 'http', name: 'home (2) (2)' },
      { type: 'http', name: 'home (3)' },
      { type: 'tcp', name: 'home' },
    ]);
    expect(
      checksOrRefusal({
        alertmanager: [{ name: 'a', url: 'http://am:9093' }],
        alertManager: [{ name: 'a', url: 'http://am:9093' }],
      }),
    ).toEqual([
      { type: 'alertmanager', name: 'a' },
      { type: 'alertmanager', name: 'a (2)' },
    ]);
  });

  it('accepts relationships with label selectors and refuses a malformed selector', () => {
    expect(
      checksOrRefusal({
        http: [
          {
            name: 'api',
            url: 'http://a',
            relationships: { configs: [{ labelSelector: 'app=api,tier!=db', types: ['Kubernetes::Pod'] }] },
          },
        ],
      }),
    ).toEqual([{ type: 'http', name: 'api' }]);
    expect(
      checksOrRefusal({
        http: [{ url: 'http://a', relationships: { configs: [{ labelSelector: 'a=b,,=c' }] } }],
      }),
    ).toContain('spec.http.0.relationships.configs.0.labelSelector: a label selector is');
  });

  it('validates the http authentication and TLS fields', () => {
    expect(
      checksOrRefusal({
        http: [
          {
            name: 'all',
            url: 'https://a',
            digest: true,
            oauth2: { tokenURL: 'https://idp/token', scope: ['x'], params: { audience: 'y' } },
            awsSigV4: { service: 'execute-api', region: 'eu-west-1' },
            tlsConfig: {
              ca: { valueFrom: { secretKeyRef: { name: 'tls', key: 'ca.crt' } } },
              cert: 'C',
              key: 'K',
            },
            env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
            headers: [{ name: 'Authorization', value: 'Bearer $(.env.TOKEN)' }],
            ntlm: true,
          },
        ],
      }),
    ).toEqual([{ type: 'http', name: 'all' }]);
    expect(checksOrRefusal({ http: [{ url: 'https://a', tlsConfig: { cert: 'C' } }] })).toBe(
      'spec.http.0.tlsConfig.cert: cert and key go together: give both for a client certificate',
    );
    expect(checksOrRefusal({ http: [{ url: 'https://a', oauth2: { scope: ['x'] } }] })).toContain(
      'spec.http.0.oauth2.tokenURL',
    );
  });

  it('refuses dependsOn naming no check, the check itself, or a cycle', () => {
    const http = (name: string, dependsOn?: string[]) => ({
      name,
      url: 'http://a',
      ...(dependsOn ? { dependsOn } : {}),
    });
    expect(checksOrRefusal({ http: [http('a'), http('b', ['a'])] })).toHaveLength(2);
    expect(checksOrRefusal({ http: [http('b', ['nope'])] })).toBe(
      'http check "b": dependsOn names "nope", which is not a check of this canary',
    );
    expect(checksOrRefusal({ http: [http('b', ['b'])] })).toBe(
      'http check "b": dependsOn names the check itself',
    );
    expect(checksOrRefusal({ http: [http('a', ['b']), http('b', ['a'])] })).toBe(
      'dependsOn forms a cycle: a → b → a',
    );
  });
});

describe('valueFrom references at run time', () => {
  let web: Listening;
  let kube: { url: string; close(): Promise<void> };
  let kubeconfig = '';
  const kubeRequests: string[] = [];
  beforeAll(async () => {
    // The client library loads on first use; loading it here keeps that out of the checks' time limit.
    await import('@kubernetes/client-node');
    web = await httpServer((req, res) =>
      res.writeHead(200).end(`${req.headers.authorization ?? ''}|${req.url}`),
    );
    kube = await loopbackServer((req, res) => {
      kubeRequests.push(req.url ?? '');
      if (req.headers.authorization !== 'Bearer kube-token') return res.writeHead(401).end('{}');
      const json = (code: number, body: unknown) =>
        res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/api/v1/namespaces/prod/secrets/api')
        return json(200, {
          kind: 'Secret',
          data: { token: Buffer.from('tok-from-secret').toString('base64') },
        });
      if (req.url === '/api/v1/namespaces/default/configmaps/routes')
        return json(200, { kind: 'ConfigMap', data: { path: 'v2' } });
      json(404, { kind: 'Status', reason: 'NotFound', code: 404 });
    });
    kubeconfig = tokenKubeconfig(kube.url, 'kube-token');
  });
  afterAll(async () => {
    await web.close();
    await kube.close();
  });
  const url = (p: string) => `http://127.0.0.1:${web.port}${p}`;
  const withKube = (): ExecuteOptions => ({
    ...opts,
    kubernetes: kubeValueReader({ kubeconfig }, defaultOutboundPolicy),
    namespace: 'default',
  });

  it('reads secretKeyRef and configMapKeyRef from the cluster, in the check namespace or the canary one', async () => {
    const r = await executeCheck(
      'http',
      {
        url: url('/svc/$(.env.ROUTE)'),
        namespace: 'prod',
        env: [{ name: 'ROUTE', value: 'v2' }],
        headers: [{ name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
        responseContent: 'tok-from-secret|/svc/v2',
      },
      withKube(),
    );
    expect(r).toMatchObject({ pass: true, error: null });
    const cm = await executeCheck(
      'http',
      {
        url: url('/svc/$(.env.ROUTE)'),
        env: [{ name: 'ROUTE', valueFrom: { configMapKeyRef: { name: 'routes', key: 'path' } } }],
        responseContent: '|/svc/v2',
      },
      withKube(),
    );
    expect(cm).toMatchObject({ pass: true, error: null });
    expect(kubeRequests).toContain('/api/v1/namespaces/default/configmaps/routes');
  });

  it('fails clearly on a missing secret, a missing key and when no cluster is configured', async () => {
    const missing = await executeCheck(
      'http',
      {
        url: url('/'),
        password: { valueFrom: { secretKeyRef: { name: 'gone', key: 'pw' } } },
        username: 'u',
      },
      withKube(),
    );
    expect(missing.pass).toBe(false);
    expect(missing.error).toBe('password: secret default/gone not found');
    const noKey = await executeCheck(
      'http',
      {
        url: url('/'),
        namespace: 'prod',
        bearer: { valueFrom: { secretKeyRef: { name: 'api', key: 'nope' } } },
      },
      withKube(),
    );
    expect(noKey.error).toBe('bearer: secret prod/api has no key nope');
    const noCluster = await executeCheck(
      'http',
      { url: url('/'), bearer: { valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } } },
      opts,
    );
    expect(noCluster.error).toBe(
      'bearer: secretKeyRef api/token cannot be read: no Kubernetes cluster is configured for this server (set KUBECONFIG or run it in a cluster)',
    );
  });

  it('reads a field of a connection with valueFrom.connection', async () => {
    const conn: HydratedConnection = {
      id: '1',
      name: 'api',
      namespace: 'default',
      type: 'http',
      url: 'http://x',
      username: 'svc',
      password: 'conn-pass',
      certificate: '',
      properties: { token: 'prop-token' },
      insecureTls: false,
    };
    const connections = (ref: string) =>
      ref === 'connection://default/api'
        ? Promise.resolve(conn)
        : Promise.reject(new Error(`connection ${ref} not found`));
    const r = await executeCheck(
      'http',
      {
        url: url('/'),
        bearer: { valueFrom: { connection: 'connection://default/api', key: 'properties.token' } },
        responseContent: 'Bearer prop-token|/',
      },
      { ...opts, connections },
    );
    expect(r).toMatchObject({ pass: true, error: null });
    const bad = await executeCheck(
      'http',
      { url: url('/'), bearer: { valueFrom: { connection: 'connection://default/nope' } } },
      { ...opts, connections },
    );
    expect(bad.error).toBe('connection connection://default/nope not found');
  });
});

describe('folder checks: globs and missing folders', () => {
  beforeAll(() => {
    fs.mkdirSync(path.join(tmp, 'backups', 'daily'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'backups', 'weekly'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'backups', 'daily', 'db-1.tar.gz'), 'x');
    fs.writeFileSync(path.join(tmp, 'backups', 'daily', 'db-2.tar.gz'), 'xx');
    fs.writeFileSync(path.join(tmp, 'backups', 'daily', 'notes.txt'), 'n');
    fs.writeFileSync(path.join(tmp, 'backups', 'weekly', 'db-w.tar.gz'), 'xyz');
  });

  it('counts the files a glob in path matches, with filter.regex on top', async () => {
    const all = await executeCheck(
      'folder',
      { path: path.join(tmp, 'backups', '*', '*.tar.gz'), minCount: 3 },
      opts,
    );
    expect(all).toMatchObject({ pass: true, message: '3 files' });
    const daily = await executeCheck(
      'folder',
      { path: 'backups/**/*', filter: { regex: '^daily/db-' }, maxCount: 2, test: { expr: 'count == 2' } },
      opts,
    );
    expect(daily).toMatchObject({ pass: true, message: '2 files' });
  });

  it('treats a missing folder as empty: minCount decides', async () => {
    const none = await executeCheck('folder', { path: path.join(tmp, 'not-yet') }, opts);
    expect(none).toMatchObject({ pass: true, message: '0 files' });
    const needed = await executeCheck('folder', { path: path.join(tmp, 'not-yet'), minCount: 1 }, opts);
    expect(needed.error).toBe('0 files, expected at least 1');
  });

  it('still refuses a glob outside the file roots', async () => {
    const r = await executeCheck('folder', { path: '/etc/*.conf' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toContain('is outside the allowed file roots');
  });
});

describe('redis by url', async () => {
  const redis = await redisServer('pa55');
  afterAll(() => redis?.close());
  it.skipIf(!redis)(
    'connects by url with credentials and db (skipped when redis-server is not installed)',
    async () => {
      const ok = await executeCheck('redis', { url: `redis://:pa55@127.0.0.1:${redis?.port}/3` }, opts);
      expect(ok).toMatchObject({ pass: true, message: 'PONG' });
      const denied = await executeCheck('redis', { url: `redis://:wrong@127.0.0.1:${redis?.port}` }, opts);
      expect(denied.pass).toBe(false);
    },
  );
});

describe.each(DB_KINDS)('dependsOn when a canary runs, on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let web: Listening;
  const hits: string[] = [];
  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    web = await httpServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(req.url === '/down' ? 503 : 200).end();
    });
  });
  afterAll(async () => {
    await drop();
    await web.close();
  });

  it('runs a check after the checks it depends on pass, and fails it naming a failed dependency', async () => {
    const u = (p: string) => `http://127.0.0.1:${web.port}${p}`;
    const spec = {
      http: [
        { name: 'db', url: u('/up') },
        { name: 'api', url: u('/down') },
        { name: 'app', url: u('/app'), dependsOn: ['db'] },
        { name: 'checkout', url: u('/checkout'), dependsOn: ['db', 'api'] },
      ],
    };
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO canaries (name, spec) VALUES ('deps', $1) RETURNING id",
      [JSON.stringify(spec)],
    );
    const id = rows[0]!.id;
    await syncCanaryChecks(db, id);
    const ctx = healthContext(db);
    const summary = await runCanary(ctx, { id, name: 'deps', schedule: null });
    expect(summary).toMatchObject({ total: 4, success: 2, failed: 2 });
    expect(summary.errors).toEqual(
      expect.arrayContaining([
        'api: response code 503, expected 2xx or 3xx',
        'checkout: dependency "api" failed',
      ]),
    );
    expect(hits).toContain('/app');
    expect(hits).not.toContain('/checkout');
    // Run Now on the dependent check reads its dependencies' last status.
    const checkout = await db.query<{ id: string }>(
      "SELECT id FROM checks WHERE canary_id = $1 AND name = 'checkout'",
      [id],
    );
    const now = await runCheckNow(ctx, checkout.rows[0]!.id);
    expect(now.errors).toEqual(['checkout: dependency "api" failed']);
    const app = await db.query<{ id: string }>(
      "SELECT id FROM checks WHERE canary_id = $1 AND name = 'app'",
      [id],
    );
    expect(await runCheckNow(ctx, app.rows[0]!.id)).toMatchObject({ success: 1, failed: 0 });
  });

  it('refuses to save a canary whose dependsOn names no check, with a 400', async () => {
    const w = { ctx: healthContext(db), req: {}, method: 'POST' } as unknown as DataWriteContext;
    const row = { name: 'bad-deps', spec: { http: [{ name: 'app', url: 'http://a', dependsOn: ['db'] }] } };
    const attempt = (async () => {
      const [clean] = await canaryWriteHook.beforeWrite!([row], w);
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO canaries (name, spec) VALUES ($1, $2) RETURNING id',
          [clean!.name, JSON.stringify(clean!.spec)],
        );
        await canaryWriteHook.afterWrite!(tx, rows, w);
      });
    })();
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      message: 'http check "app": dependsOn names "db", which is not a check of this canary',
    });
  });
});
