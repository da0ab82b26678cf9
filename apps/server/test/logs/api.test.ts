import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoggingBackendSpec, LogItem } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeKubernetes } from '../catalog/peers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { fakeElasticsearch, fakeLoki, type Doc } from './peers.js';

type Answer = {
  status: number;
  body: { total?: number; results?: LogItem[]; error?: string; message?: string };
};

const MINUTE = 60_000;

describe.each(DB_KINDS)('POST /api/logs on %s', (kind) => {
  let server: TestServer;
  let root: string;
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-logs-')));
    server = await startTestServer(kind, {}, { FILE_ROOTS: root });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function search(body: unknown): Promise<Answer> {
    const res = await fetch(`${server.baseUrl}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  const errorOf = (a: Answer) => a.body.error ?? a.body.message ?? '';

  async function backend(name: string, spec: LoggingBackendSpec): Promise<void> {
    await server.db.query(`INSERT INTO logging_backends (name, spec) VALUES ($1, $2)`, [
      name,
      JSON.stringify(spec),
    ]);
  }
  async function component(
    name: string,
    type: string,
    externalId: string,
    logs: { name: string; type?: string; labels?: Record<string, string> }[],
  ): Promise<string> {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO components (name, type, external_id, log_selectors) VALUES ($1, $2, $3, $4) RETURNING id`,
      [name, type, externalId, JSON.stringify(logs)],
    );
    return rows[0]!.id;
  }

  it('answers 400 without a component and 404 naming the selectors for an unknown one', async () => {
    const missing = await search({ name: 'x' });
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toBe('component ID is required');
    const id = await component('named', 'Thing', 'thing-1', [{ name: 'access' }, { name: 'error' }]);
    const unknown = await search({ id, name: 'audit' });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toBe(
      "log selector with the name 'audit' was not found. Available names: [access, error]",
    );
    expect((await search({ id: '00000000-0000-4000-8000-00000000abcd' })).status).toBe(404);
  });

  it('reads files under the roots from the end: latest lines, search text, range, limit, labels', async () => {
    const dir = path.join(root, 'web');
    fs.mkdirSync(dir);
    const lines: string[] = [];
    for (let i = 120; i >= 1; i--)
      lines.push(`${at(i)} GET /item/${i} ${i % 10 === 0 ? 'ERROR boom' : 'ok'}`);
    fs.writeFileSync(path.join(dir, 'web-access.log'), `${lines.join('\n')}\n`);
    // Common log format, and a file with no timestamps (its mtime is the lines' time).
    fs.writeFileSync(path.join(dir, 'web-plain.log'), 'first plain line\nsecond plain ERROR line\n');
    await backend('web-files', {
      backends: [
        {
          file: {
            path: [`${dir}/web-*.log`],
            routes: [{ idPrefix: 'web-' }],
            labels: { app: 'web' },
          },
        },
      ],
    });
    const id = await component('web', 'Website', 'web-frontend', [{ name: 'files' }]);

    const all = await search({ id, start: '1h' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const results = all.body.results ?? [];
    // 59 stamped lines in the last hour (1..59 minutes ago) and both plain ones.
    expect(results).toHaveLength(61);
    expect(results.at(-1)?.message).toMatch(/second plain ERROR line|GET \/item\/1 ok/);
    const stamped = results.filter((r) => r.message.includes('/item/'));
    expect(stamped[0]?.message).toContain('/item/59 ');
    expect(stamped.at(-1)?.message).toContain('/item/1 ');
    expect(stamped[0]?.labels).toEqual({ app: 'web', path: path.join(dir, 'web-access.log') });
    expect(stamped[0]?.timestamp).toBe(at(59));

    const errors = await search({ id, start: '3h', query: 'error' });
    expect(
      errors.body.results?.map((r) => r.message.replace(/^\S+Z /, '').replace(/ ERROR boom$/, '')),
    ).toEqual([
      'GET /item/120',
      'GET /item/110',
      'GET /item/100',
      'GET /item/90',
      'GET /item/80',
      'GET /item/70',
      'GET /item/60',
      'GET /item/50',
      'GET /item/40',
      'GET /item/30',
      'GET /item/20',
      'GET /item/10',
      'second plain ERROR line',
    ]);

    const limited = await search({ id, start: '2h', end: at(30), limit: 3 });
    expect(limited.body.results?.map((r) => r.message.split(' ')[2])).toEqual([
      '/item/32',
      '/item/31',
      '/item/30',
    ]);
  });

  it('refuses a file backend whose globs leave the file roots', async () => {
    await backend('outside', {
      backends: [{ file: { path: ['/etc/*.conf'], routes: [{ idPrefix: 'outside-' }] } }],
    });
    const id = await component('outside', 'Host', 'outside-1', [{ name: 'sys' }]);
    const answer = await search({ id });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toContain('is outside the allowed file roots');
    expect(errorOf(answer)).toContain(root);
  });

  it('searches Elasticsearch and OpenSearch through the _search API, with basic and API key auth', async () => {
    const docs: Doc[] = [
      { '@timestamp': at(50), message: 'payment accepted order=1', host: 'api-1' },
      { '@timestamp': at(40), message: 'payment declined order=2', host: 'api-2' },
      { '@timestamp': at(30), message: 'payment accepted order=3', host: 'api-1' },
      { '@timestamp': at(90), message: 'payment accepted order=0 (too old)', host: 'api-1' },
    ];
    const es = await fakeElasticsearch('logs-payments', docs, 'ApiKey c2VjcmV0');
    const os = await fakeElasticsearch(
      'logs-payments',
      docs,
      `Basic ${Buffer.from('reader:pw').toString('base64')}`,
    );
    try {
      await backend('es', {
        backends: [
          {
            elasticsearch: {
              address: es.url,
              index: 'logs-payments',
              apiKey: 'c2VjcmV0',
              routes: [{ type: 'PaymentsApi' }],
              labels: { source: 'es' },
            },
          },
          {
            opensearch: {
              address: os.url,
              index: 'logs-payments',
              username: 'reader',
              password: { value: 'pw' },
              routes: [{ type: 'PaymentsApi', labels: { store: 'opensearch' } }],
            },
          },
        ],
      });
      const id = await component('payments', 'PaymentsApi', 'payments-api', [
        { name: 'es' },
        { name: 'os', type: 'opensearch', labels: { store: 'opensearch' } },
      ]);
      const accepted = await search({ id, name: 'es', query: 'accepted', start: 'now-1h' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.total).toBe(2);
      expect(accepted.body.results?.map((r) => r.message)).toEqual([
        'payment accepted order=1',
        'payment accepted order=3',
      ]);
      expect(accepted.body.results?.[0]?.labels).toMatchObject({
        source: 'es',
        host: 'api-1',
        index: 'logs-payments',
      });
      expect(es.requests.at(-1)?.size).toBe(500);

      const viaOs = await search({ id, name: 'os', start: '1h', limit: 2 });
      expect(viaOs.status, JSON.stringify(viaOs.body)).toBe(200);
      expect(viaOs.body.results?.map((r) => r.message)).toEqual([
        'payment declined order=2',
        'payment accepted order=3',
      ]);
      expect(os.requests).toHaveLength(1);
    } finally {
      await es.close();
      await os.close();
    }
  });

  it("searches Loki's query_range with the search text as a line filter", async () => {
    const loki = await fakeLoki(
      [
        {
          ts: new Date(now - 20 * MINUTE),
          line: 'level=info msg="started"',
          stream: { app: 'ledger', pod: 'a' },
        },
        {
          ts: new Date(now - 10 * MINUTE),
          line: 'level=error msg="Deadlock detected"',
          stream: { app: 'ledger', pod: 'b' },
        },
        {
          ts: new Date(now - 5 * MINUTE),
          line: 'level=info msg="deadlock resolved"',
          stream: { app: 'ledger', pod: 'a' },
        },
        { ts: new Date(now - 5 * MINUTE), line: 'level=info msg="other app"', stream: { app: 'other' } },
      ],
      'acme',
    );
    try {
      await backend('loki', {
        backends: [
          {
            loki: {
              address: loki.url,
              query: '{app="ledger"}',
              tenant: 'acme',
              routes: [{ idPrefix: 'ledger' }],
            },
          },
        ],
      });
      const id = await component('ledger', 'Database', 'ledger-db', [{ name: 'loki', type: 'loki' }]);
      const all = await search({ id });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.results?.map((r) => r.message)).toHaveLength(3);
      const found = await search({ id, query: 'DEADLOCK' });
      expect(found.body.results?.map((r) => [r.message, r.labels.pod])).toEqual([
        ['level=error msg="Deadlock detected"', 'b'],
        ['level=info msg="deadlock resolved"', 'a'],
      ]);
      expect(loki.queries.at(-1)).toBe('{app="ledger"} |~ "(?i)DEADLOCK"');
    } finally {
      await loki.close();
    }
  });

  it('reads pod logs through the Kubernetes API with a kubeconfig from a file under the roots or a connection', async () => {
    const kube = await fakeKubernetes('log-token');
    try {
      fs.writeFileSync(path.join(root, 'kubeconfig.yaml'), kube.kubeconfig);
      await backend('cluster', {
        backends: [
          {
            kubernetes: {
              kubeconfig: path.join(root, 'kubeconfig.yaml'),
              routes: [{ type: 'Pod' }],
              labels: { cluster: 'fake' },
            },
          },
        ],
      });
      const id = await component('web-5d4f8-abcde', 'Pod', 'shop/web-5d4f8-abcde', [
        { name: 'container', type: 'kubernetes' },
      ]);
      const errors = await search({
        id,
        query: 'error',
        start: '2026-03-01T12:00:00Z',
        end: '2026-03-01T13:00:00Z',
      });
      expect(errors.status, JSON.stringify(errors.body)).toBe(200);
      expect(errors.body.results?.map((r) => r.message)).toEqual([
        'ERROR payment gateway timeout order=0',
        'ERROR payment gateway timeout order=4',
        'ERROR payment gateway timeout order=8',
        'ERROR payment gateway timeout order=12',
        'ERROR payment gateway timeout order=16',
      ]);
      expect(errors.body.results?.[0]).toMatchObject({
        timestamp: '2026-03-01T12:00:30.000Z',
        labels: { cluster: 'fake', namespace: 'shop', pod: 'web-5d4f8-abcde' },
      });
      expect(kube.requests).toContain('/api/v1/namespaces/shop/pods/web-5d4f8-abcde/log');

      // The same through a Kubernetes connection holding the kubeconfig.
      const conn = await fetch(`${server.baseUrl}/api/db/connections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'fake-cluster',
          namespace: 'default',
          type: 'kubernetes',
          certificate: kube.kubeconfig,
        }),
      });
      expect(conn.status).toBe(201);
      await server.db.query(`UPDATE logging_backends SET spec = $1 WHERE name = 'cluster'`, [
        JSON.stringify({
          backends: [
            { kubernetes: { kubeconfig: 'connection://default/fake-cluster', routes: [{ type: 'Pod' }] } },
          ],
        }),
      ]);
      const viaConnection = await search({
        id,
        start: '2026-03-01T12:00:00Z',
        end: '2026-03-01T13:00:00Z',
        limit: 3,
      });
      expect(viaConnection.status, JSON.stringify(viaConnection.body)).toBe(200);
      expect(viaConnection.body.results?.map((r) => r.message)).toEqual([
        'GET /cart 200 17ms',
        'GET /cart 200 18ms',
        'GET /cart 200 19ms',
      ]);
      expect(viaConnection.body.total).toBe(20);

      await server.db.query(`UPDATE logging_backends SET spec = $1 WHERE name = 'cluster'`, [
        JSON.stringify({
          backends: [
            { kubernetes: { kubeconfig: path.join(root, 'kubeconfig.yaml'), routes: [{ type: 'Pod' }] } },
          ],
        }),
      ]);
      fs.writeFileSync(path.join(root, 'kubeconfig.yaml'), kube.kubeconfig.replace('log-token', 'wrong'));
      const refused = await search({ id, start: '2026-03-01T12:00:00Z', end: '2026-03-01T13:00:00Z' });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toContain('HTTP 401');

      // A kubeconfig stored in a connection is checked like one in a spec: no credential program runs.
      const marker = path.join(os.tmpdir(), `opsdeck-log-plugin-${process.pid}-${kind}`);
      const plugin = kube.kubeconfig.replace(
        /user: \{token: [^}]*\}/,
        `user:\n      exec:\n        apiVersion: client.authentication.k8s.io/v1\n        command: /bin/sh\n        args: ["-c", "touch ${marker}; echo '{}'"]`,
      );
      expect(plugin).toContain('command: /bin/sh');
      const pluginConn = await fetch(`${server.baseUrl}/api/db/connections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'plugin-cluster',
          namespace: 'default',
          type: 'kubernetes',
          certificate: plugin,
        }),
      });
      expect(pluginConn.status).toBe(201);
      await server.db.query(`UPDATE logging_backends SET spec = $1 WHERE name = 'cluster'`, [
        JSON.stringify({
          backends: [
            { kubernetes: { kubeconfig: 'connection://default/plugin-cluster', routes: [{ type: 'Pod' }] } },
          ],
        }),
      ]);
      const viaPlugin = await search({ id, start: '2026-03-01T12:00:00Z', end: '2026-03-01T13:00:00Z' });
      expect(viaPlugin.status).toBe(400);
      expect(errorOf(viaPlugin)).toContain('exec credential plugins are not allowed');
      expect(fs.existsSync(marker)).toBe(false);
    } finally {
      await kube.close();
    }
  });
});
