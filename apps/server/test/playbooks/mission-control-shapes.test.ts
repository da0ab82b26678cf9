import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { migrate } from '../../src/db/migrate.js';
import { DB_KINDS, freshDb, startTestServer, type TestServer } from '../helpers.js';
import { loopbackServer } from '../catalog/peers.js';
import { tokenKubeconfig } from '../peers/kubeconfig.js';
import { drive } from './engine-helpers.js';

/**
 * Playbooks in the shapes of Mission Control's runnable-offline fixtures (written for this
 * project, in fixtures/): each imports unchanged — its `spec` saved as it is — and ends in the
 * state its file name promises.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

type Doc = { metadata: { name: string; namespace?: string }; spec: Record<string, unknown> };
type Run = { id: string; status: string; error: string | null };
type Action = { name: string; status: string; result: Record<string, unknown> | null; error: string | null };

function fixture(name: string): Doc {
  return YAML.parse(fs.readFileSync(path.join(FIXTURES, `${name}.yaml`), 'utf8')) as Doc;
}

describe.each(DB_KINDS)('Mission Control shaped playbooks on %s', (kind) => {
  let server: TestServer;
  let echo: http.Server;
  let echoUrl = '';
  const received: { method: string; body: string }[] = [];
  const receivedHeaders: http.IncomingHttpHeaders[] = [];
  // The server's own cluster (KUBECONFIG): a fake API server holding the secrets valueFrom reads.
  let kube: { url: string; close(): Promise<void> };
  let kubeDir = '';
  const previousKubeconfig = process.env.KUBECONFIG;

  beforeAll(async () => {
    server = await startTestServer(kind);
    echo = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method ?? '', body });
        receivedHeaders.push(req.headers);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true, echoed: body }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/hook`;
    kube = await loopbackServer((req, res) => {
      const json = (code: number, body: unknown) =>
        res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Bearer kube-token') return json(401, { kind: 'Status' });
      const b64 = (v: string) => Buffer.from(v).toString('base64');
      if (req.url === '/api/v1/namespaces/ops/secrets/secret-website')
        return json(200, { kind: 'Secret', data: { JWT: b64('jwt-from-secret-123') } });
      if (req.url === '/api/v1/namespaces/ops/secrets/webhook-creds')
        return json(200, { kind: 'Secret', data: { password: b64('hook-pass-from-secret') } });
      if (req.url === '/api/v1/namespaces/ops/configmaps/app-settings')
        return json(200, { kind: 'ConfigMap', data: { region: 'eu-west-1' } });
      json(404, { kind: 'Status', reason: 'NotFound', code: 404 });
    });
    kubeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-kube-'));
    fs.writeFileSync(path.join(kubeDir, 'config'), tokenKubeconfig(kube.url, 'kube-token'));
    process.env.KUBECONFIG = path.join(kubeDir, 'config');
  });
  afterAll(async () => {
    if (previousKubeconfig === undefined) delete process.env.KUBECONFIG;
    else process.env.KUBECONFIG = previousKubeconfig;
    await kube.close();
    fs.rmSync(kubeDir, { recursive: true, force: true });
    await new Promise((resolve) => echo.close(resolve));
    await server.close();
  });

  async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        prefer: 'return=representation',
        origin: server.baseUrl,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  async function importFixture(name: string): Promise<string> {
    const doc = fixture(name);
    const saved = await api('POST', '/api/db/playbooks', {
      name: doc.metadata.name,
      namespace: doc.metadata.namespace ?? 'default',
      spec: doc.spec,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return (saved.body as { id: string }[])[0]!.id;
  }

  async function run(id: string, params: Record<string, string> = {}): Promise<string> {
    const started = await api('POST', '/api/playbook/run', { id, params });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return (started.body as { run_id: string }).run_id;
  }

  async function outcome(runId: string): Promise<{ run: Run; actions: Action[] }> {
    await drive(server.ctx, runId, { timeoutMs: 30_000 });
    const status = await api('GET', `/api/playbook/run/${runId}/status`);
    expect(status.status).toBe(200);
    return status.body as { run: Run; actions: Action[] };
  }

  it('exec-echo-completes: the parameter default and the playbook name reach the script', async () => {
    const id = await importFixture('exec-echo-completes');
    const { run: r, actions } = await outcome(await run(id));
    expect(r.status).toBe('completed');
    expect(actions[0]?.result?.stdout).toContain('hello from exec-echo-completes');
  });

  it('conditions-first-fails: after a failure only failure() and always() actions run', async () => {
    const id = await importFixture('conditions-first-fails');
    const { run: r, actions } = await outcome(await run(id));
    expect(r.status).toBe('failed');
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['missing command', 'failed'],
      ['on failure', 'completed'],
      ['on success', 'skipped'],
      ['always', 'completed'],
      // Judged after `always` completed: its default success() is false, so it is skipped.
      ['plain', 'skipped'],
    ]);
  });

  it('delay-by-parameter-completes: the delayed action waits for params.delay', async () => {
    const id = await importFixture('delay-by-parameter-completes');
    const { run: r, actions } = await outcome(await run(id, { delay: '2s' }));
    expect(r.status).toBe('completed');
    const [start, later] = actions.map((a) => Number(String(a.result?.stdout).trim()));
    expect(later! - start!).toBeGreaterThanOrEqual(1);
  });

  it('webhook-get-completes: a GET with a query parameter starts a run that echoes it', async () => {
    await importFixture('webhook-get-completes');
    const res = await fetch(`${server.baseUrl}/api/playbook/webhook/opsdeck-hello?name=world`);
    expect(res.status).toBe(200);
    const { run_id } = (await res.json()) as { run_id: string };
    const { run: r, actions } = await outcome(run_id);
    expect(r.status).toBe('completed');
    expect(actions[0]?.result?.stdout).toContain('Hello world');
  });

  it('webhook-basic-auth-completes: refused without the password, runs with it', async () => {
    await importFixture('webhook-basic-auth-completes');
    const url = `${server.baseUrl}/api/playbook/webhook/opsdeck-guarded`;
    expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(401);
    const wrong = Buffer.from('hook-user:nope').toString('base64');
    expect((await fetch(url, { method: 'POST', headers: { authorization: `Basic ${wrong}` } })).status).toBe(
      401,
    );
    const right = Buffer.from('hook-user:hook-secret').toString('base64');
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${right}` },
      body: 'abc',
    });
    expect(res.status).toBe(200);
    const { run: r } = await outcome(((await res.json()) as { run_id: string }).run_id);
    expect(r.status).toBe('completed');
  });

  it('http-loopback-completes: the method and body parameters reach the peer', async () => {
    const id = await importFixture('http-loopback-completes');
    const { run: r, actions } = await outcome(await run(id, { url: echoUrl }));
    expect(r.status).toBe('completed');
    expect(actions[0]?.result?.code).toBe(200);
    expect(received.at(-1)).toEqual({ method: 'POST', body: '{"ping": true}' });
  });

  it('sql-config-types-completes: the query runs through a connection:// reference', async () => {
    // A PostgreSQL database of its own with the console's tables, reached by its URL.
    const target = await freshDb('postgresql');
    try {
      await migrate(target.db);
      await target.db.query(`INSERT INTO config_items (type, name) VALUES ('Kubernetes::Pod', 'api-0')`);
      const url = new URL(target.url!);
      const conn = await api('POST', '/api/db/connections', {
        name: 'console-db',
        namespace: 'ops',
        type: 'postgres',
        url: `postgres://${url.host}${url.pathname}`,
        username: decodeURIComponent(url.username),
        // The test server trusts loopback; the type still requires a password.
        password: decodeURIComponent(url.password) || 'not-checked',
      });
      expect(conn.status, JSON.stringify(conn.body)).toBe(201);
      const id = await importFixture('sql-config-types-completes');
      const { run: r, actions } = await outcome(await run(id));
      expect(r.status, r.error ?? '').toBe('completed');
      expect(actions[0]?.result).toMatchObject({ count: 1, columns: ['type', 'count'] });
    } finally {
      await target.drop();
    }
  });

  it('params-every-type-completes: every parameter type is accepted and reaches the script', async () => {
    const id = await importFixture('params-every-type-completes');
    const params = await api('POST', `/api/playbook/${id}/params`, { id });
    expect(params.status).toBe(200);
    const names = (params.body as { params: { name: string; default?: string }[] }).params;
    expect(names.find((p) => p.name === 'window')?.default).toBe('15m');
    const { run: r, actions } = await outcome(await run(id, { checkbox: 'true', list: 'two' }));
    expect(r.status).toBe('completed');
    expect(JSON.parse(String(actions[0]?.result?.stdout))).toMatchObject({
      'text-input': 'hello world',
      checkbox: 'true',
      list: 'two',
      window: '15m',
    });
    const tooShort = await api('POST', '/api/playbook/run', { id, params: { window: '1m' } });
    expect(tooShort.status).toBe(400);
    expect(JSON.stringify(tooShort.body)).toContain('duration for parameter window must be at least 5m');
  });

  it('template-delims-completes: a gotemplate header leaves {{ }} in scripts and bodies as text', async () => {
    const id = await importFixture('template-delims-completes');
    const saved = await api('GET', `/api/db/playbooks?id=eq.${id}&select=spec`);
    expect((saved.body as { spec: unknown }[])[0]?.spec).toEqual(fixture('template-delims-completes').spec);
    const { run: r, actions } = await outcome(await run(id, { url: echoUrl }));
    expect(r.status, r.error ?? '').toBe('completed');
    expect(actions[0]?.result?.stdout).toBe(
      'hello from template-delims-completes: {{ .Values.image }} and {{ range .items }}\n',
    );
    expect(received.at(-1)).toEqual({
      method: 'POST',
      body: 'chart: template-delims-completes values: {{ .Values.replicas }}\n',
    });
  });

  it('secret-parameter-completes: the value reaches the actions, and reads [REDACTED] everywhere else', async () => {
    const id = await importFixture('secret-parameter-completes');
    const secret = 'bucket-key-8f3a1c';
    const runId = await run(id, { url: echoUrl, issueDetails: secret });
    const { run: r, actions } = await outcome(runId);
    expect(r.status, r.error ?? '').toBe('completed');
    // The action got the clear value.
    expect(JSON.parse(received.at(-1)!.body)).toEqual({
      alert: 'Cloud Storage Access Issue',
      details: secret,
    });
    // Stored encrypted, apart; the parameters say [REDACTED].
    const { rows } = await server.db.query<{
      parameters: unknown;
      secret_parameters: Record<string, string>;
    }>('SELECT parameters, secret_parameters FROM playbook_runs WHERE id = $1', [runId]);
    expect(rows[0]?.parameters).toEqual({ url: echoUrl, issueDetails: '[REDACTED]' });
    expect(rows[0]?.secret_parameters.issueDetails).toMatch(/^enc:v1\./);
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    // Read back: the run API, its status (with what the actions printed) and the data API.
    expect((r as unknown as { parameters: unknown }).parameters).toEqual({
      url: echoUrl,
      issueDetails: '[REDACTED]',
    });
    expect(actions[1]?.result?.stdout).toBe('details=[REDACTED]\n');
    const answers = [
      await api('GET', `/api/playbook/run/${runId}`),
      await api('GET', `/api/playbook/run/${runId}/status`),
      await api('GET', `/api/db/playbook_runs?id=eq.${runId}&select=*`),
      await api('GET', `/api/db/playbook_run_actions?playbook_run_id=eq.${runId}&select=*`),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.stringify(a.body)).not.toContain(secret);
    }
    expect(answers[2]!.body).toMatchObject([
      { parameters: { issueDetails: '[REDACTED]' }, secret_parameters: { issueDetails: '***' } },
    ]);
  });

  it('value-from-secrets-completes: env, header and exec env values come from secrets and config maps', async () => {
    const id = await importFixture('value-from-secrets-completes');
    const { run: r, actions } = await outcome(await run(id, { url: echoUrl }));
    expect(r.status, r.error ?? '').toBe('completed');
    const seen = receivedHeaders.at(-1)!;
    expect(seen.authorization).toBe('Bearer jwt-from-secret-123');
    expect(seen['x-region']).toBe('eu-west-1');
    expect(actions[1]?.result?.stdout).toBe('token has 19 characters\n');
  });

  it('value-from: helmRef and serviceAccount are refused naming the field, a missing secret too', async () => {
    const saved = await api('POST', '/api/db/playbooks', {
      name: 'value-from-refused',
      namespace: 'ops',
      spec: {
        actions: [
          {
            name: 'helm',
            http: {
              url: echoUrl,
              headers: [{ name: 'X-Chart', valueFrom: { helmRef: { name: 'mc', key: '.image.tag' } } }],
            },
          },
          {
            name: 'missing',
            if: 'always()',
            exec: {
              script: 'echo "$T"',
              env: [{ name: 'T', valueFrom: { secretKeyRef: { name: 'nope', key: 'x' } } }],
            },
          },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const { run: r, actions } = await outcome(await run((saved.body as { id: string }[])[0]!.id));
    expect(r.status).toBe('failed');
    expect(actions.map((a) => a.error)).toEqual([
      'http.headers.0 (X-Chart): valueFrom helmRef is not supported here; use secretKeyRef, configMapKeyRef or connection',
      'exec.env.0 (T): secret ops/nope not found',
    ]);
  });

  it('webhook-secret-auth-completes: the basic password is read from a secret', async () => {
    await importFixture('webhook-secret-auth-completes');
    const url = `${server.baseUrl}/api/playbook/webhook/opsdeck-secret-guarded`;
    const basic = (user: string, pass: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
    });
    expect((await fetch(url, { method: 'POST', headers: basic('deployer', 'guess') })).status).toBe(401);
    const res = await fetch(url, { method: 'POST', headers: basic('deployer', 'hook-pass-from-secret') });
    expect(res.status).toBe(200);
    const { run: r, actions } = await outcome(((await res.json()) as { run_id: string }).run_id);
    expect(r.status).toBe('completed');
    expect(actions[0]?.result?.stdout).toBe('deploy hook accepted\n');
  });

  it('retries-then-fails: three attempts with a growing wait, then failed', async () => {
    const id = await importFixture('retries-then-fails');
    const { run: r, actions } = await outcome(await run(id));
    expect(r.status).toBe('failed');
    expect(actions.map((a) => a.status)).toEqual(['failed', 'failed', 'failed']);
  });
});
