import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import type { TriedCheck } from '../../src/health/try-canary.js';
import { httpServer, type Listening } from './peers.js';

type Tried = TriedCheck;

/** Tables a run writes to: a try must leave every one as it was. */
const WRITTEN = [
  'canaries',
  'checks',
  'check_statuses',
  'check_stats',
  'event_queue',
  'job_history',
  'notification_send_history',
];

describe.each(DB_KINDS)('Try it (POST /api/canary/try) on %s', (kind) => {
  let server: TestServer;
  let target: Listening;
  let editor: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    target = await httpServer((req, res) => {
      if (req.url === '/down') res.writeHead(503).end('down for maintenance');
      else if (req.url === '/big')
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ items: Array.from({ length: 4000 }, (_, i) => `item-${i}`) }));
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    editor = await signIn(server, 'editor');
  });
  afterAll(async () => {
    await server?.close();
    await target?.close();
  });

  const post = async (path: string, body: unknown, who: SignedIn = editor) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const tryIt = async (body: unknown, who?: SignedIn) => {
    const res = await post('/api/canary/try', body, who);
    return res as { status: number; body: { checks: Tried[]; error?: string } };
  };
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of WRITTEN) {
      const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      out[table] = rows[0]?.n ?? -1;
    }
    return out;
  };
  /** Saves the same body as a canary, runs its check now and reads what was recorded. */
  const savedRun = async (name: string, spec: Record<string, unknown>) => {
    const saved = await post('/api/db/canaries', {
      name,
      namespace: 'default',
      labels: {},
      schedule: null,
      spec,
    });
    expect(saved.status).toBe(201);
    const canaryId = (saved.body as { id: string }[])[0]!.id;
    const { rows } = await server.db.query<{ id: string }>(
      'SELECT id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL',
      [canaryId],
    );
    const run = await post(`/api/canary/run/check/${rows[0]!.id}`, {});
    expect(run.status).toBe(200);
    const recorded = await server.db.query<{ status: boolean; message: string; error: string | null }>(
      'SELECT status, message, error FROM check_statuses WHERE check_id = $1',
      [rows[0]!.id],
    );
    return recorded.rows[0]!;
  };

  it('runs a passing http check once and answers its status, latency and the response it judged', async () => {
    const before = await counts();
    const { status, body } = await tryIt({
      name: 'shop',
      namespace: 'default',
      labels: {},
      schedule: '@every 5m',
      spec: { http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/` }] },
    });
    expect(status).toBe(200);
    expect(body.checks).toHaveLength(1);
    const [home] = body.checks;
    expect(home).toMatchObject({ name: 'home', type: 'http', status: 'pass', message: '200', error: null });
    expect(typeof home!.duration).toBe('number');
    expect(home!.details).toMatchObject({ code: 200, content: 'ok' });
    expect(home!.truncated).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('a failing check answers the message a saved run of the same spec records, and stores nothing', async () => {
    const spec = {
      http: [{ name: 'billing', url: `http://127.0.0.1:${target.port}/down`, responseCodes: [200] }],
    };
    const before = await counts();
    const { status, body } = await tryIt({ name: 'billing', spec });
    expect(status).toBe(200);
    expect(body.checks[0]).toMatchObject({
      name: 'billing',
      status: 'fail',
      error: 'response code 503, expected 200',
    });
    expect(body.checks[0]!.details).toMatchObject({ code: 503, content: 'down for maintenance' });
    expect(await counts()).toEqual(before);

    const recorded = await savedRun(`billing-${kind}`, spec);
    expect(recorded).toEqual({
      status: false,
      message: body.checks[0]!.message,
      error: body.checks[0]!.error,
    });
  });

  it('cuts the response it answers at 16 kB', async () => {
    const { body } = await tryIt({
      spec: { http: [{ name: 'big', url: `http://127.0.0.1:${target.port}/big` }] },
    });
    expect(body.checks[0]).toMatchObject({ status: 'pass', truncated: true });
    expect(body.checks[0]!.details).toHaveLength(16 * 1024);
  });

  it('is refused by the outbound policy exactly as a saved check is', async () => {
    const spec = { http: [{ name: 'metadata', url: 'http://169.254.169.254/latest/meta-data/' }] };
    const { status, body } = await tryIt({ spec });
    expect(status).toBe(200);
    expect(body.checks[0]).toMatchObject({ status: 'fail' });
    expect(body.checks[0]!.error).toContain('169.254.169.254');
    expect(body.checks[0]!.error).toContain('OUTBOUND_ALLOW_LINK_LOCAL');
    const recorded = await savedRun(`metadata-${kind}`, spec);
    expect(recorded.error).toBe(body.checks[0]!.error);
  });

  it('refuses an invalid spec with the message saving it would give', async () => {
    const spec = { http: [{ name: 'typo', url: 'not a url' }] };
    const tried = await tryIt({ spec });
    expect(tried.status).toBe(400);
    expect(tried.body.error).toBe('spec.http.0.url: not a url');
    const saved = await post('/api/db/canaries', { name: `typo-${kind}`, spec });
    expect(saved.status).toBe(400);
    expect((saved.body as { message: string }).message).toBe(tried.body.error);

    expect(await tryIt({ spec: 'http: [' })).toMatchObject({ status: 400 });
    expect((await tryIt({ spec: 'http: [' })).body.error).toMatch(/^spec is not valid YAML or JSON/);
    expect(await tryIt({ spec: {} })).toEqual({
      status: 400,
      body: { error: 'the spec defines no checks to try' },
    });
    expect(
      (await tryIt({ spec: { tcp: [{ name: 'x', endpoint: '127.0.0.1:9' }] }, schedule: 'often' })).status,
    ).toBe(400);
    expect((await tryIt(['not', 'a', 'canary'])).status).toBe(400);
  });

  it('refuses more than 20 checks in one try', async () => {
    const http = Array.from({ length: 21 }, (_, i) => ({
      name: `c${i}`,
      url: `http://127.0.0.1:${target.port}/`,
    }));
    expect(await tryIt({ spec: { http } })).toEqual({
      status: 400,
      body: { error: 'a try runs at most 20 checks; this spec defines 21: save it to run them all' },
    });
  });

  it('needs the permission that saving a canary needs', async () => {
    const spec = { http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/` }] };
    for (const role of ['viewer', 'responder'] as const) {
      expect((await tryIt({ spec }, await signIn(server, role))).status).toBe(403);
    }
    expect((await tryIt({ spec }, await signIn(server, 'admin'))).status).toBe(200);
  });
});

describe('Try it runs scripts in the server’s sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { DISABLE_EXEC: 'true' });
  });
  afterAll(() => server?.close());

  it('refuses a script under DISABLE_EXEC with the message a saved run records', async () => {
    const res = await fetch(`${server.baseUrl}/api/canary/try`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: { exec: [{ name: 'hello', script: 'echo hello' }] } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { checks: Tried[] }).checks[0]).toMatchObject({
      name: 'hello',
      status: 'fail',
      error: 'running scripts is disabled on this server (DISABLE_EXEC)',
    });
    expect((await server.db.query('SELECT 1 FROM check_statuses')).rows).toHaveLength(0);
  });
});
