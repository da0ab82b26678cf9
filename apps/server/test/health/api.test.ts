import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketMs } from '../../src/health/graph.js';
import { applyRetention } from '../../src/jobs/retention.js';
import { checkRetentionRules, rollUpCheckStatuses } from '../../src/health/rollup.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';
import { httpServer, type Listening } from './peers.js';

type Summary = {
  duration: number;
  runnerName: string;
  checks_summary: {
    id: string;
    canary_name: string;
    name: string;
    type: string;
    status: string | null;
    labels: Record<string, string>;
    uptime: { passed: number; failed: number; last_pass: string | null; last_fail: string | null };
    latency: { p95: number; p97: number; p99: number; rolling1h: number };
  }[];
};
type Graph = {
  status: { time: string; status: boolean; duration: number; passed: number; failed: number }[];
  latency: { p95: number; p97: number; p99: number };
  uptime: { passed: number; failed: number };
};

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('bucket sizes', () => {
  it('follow the range: ≤2h → 1m, ≤24h → 15m, ≤7d → 1h, else 4h', () => {
    expect(bucketMs(2 * HOUR, 300)).toBe(MIN);
    expect(bucketMs(24 * HOUR, 300)).toBe(15 * MIN);
    expect(bucketMs(7 * 24 * HOUR, 300)).toBe(HOUR);
    expect(bucketMs(30 * 24 * HOUR, 300)).toBe(4 * HOUR);
    // More buckets than asked for widen to a multiple of the base size.
    expect(bucketMs(2 * HOUR, 60)).toBe(2 * MIN);
  });
});

describe.each(DB_KINDS)('health API on %s', (kind) => {
  let server: TestServer;
  let target: Listening;
  let code = 200;
  let checkId: string;
  let historyCheckId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    target = await httpServer((_req, res) => res.writeHead(code).end(code === 200 ? 'ok' : 'down'));
    const spec = {
      schedule: '@every 1m',
      http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/`, labels: { tier: 'web' } }],
      tcp: [{ name: 'history', endpoint: '127.0.0.1:9' }],
    };
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name, namespace, labels, spec) VALUES ('shop', 'web', '{"team":"edge"}', $1) RETURNING id`,
      [JSON.stringify(spec)],
    );
    await syncCanaryChecks(server.db, rows[0]!.id);
    const checks = await server.db.query<{ id: string; name: string }>('SELECT id, name FROM checks');
    checkId = checks.rows.find((c) => c.name === 'home')!.id;
    historyCheckId = checks.rows.find((c) => c.name === 'history')!.id;
  });
  afterAll(async () => {
    await server.close();
    await target.close();
  });

  const get = async <T>(path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`);
    return { status: res.status, body: (await res.json()) as T, headers: res.headers };
  };
  const runNow = async (id: string) => {
    const res = await fetch(`${server.baseUrl}/api/canary/run/check/${id}`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('serves the canary JSON Schema', async () => {
    const { status, body } = await get<{ properties: Record<string, unknown> }>(
      '/api/schemas/canary.schema.json',
    );
    expect(status).toBe(200);
    expect(body.properties).toHaveProperty('http');
  });

  it('runs a check now, records it, and raises events at transitions', async () => {
    expect(await runNow(checkId)).toEqual({
      status: 200,
      body: { total: 1, failed: 0, success: 1, errors: [] },
    });
    code = 500;
    expect((await runNow(checkId)).body).toEqual({
      total: 1,
      failed: 1,
      success: 0,
      errors: ['home: response code 500, expected 2xx or 3xx'],
    });
    expect((await runNow(checkId)).body).toMatchObject({ failed: 1 });
    code = 200;
    expect((await runNow(checkId)).body).toMatchObject({ success: 1 });

    const { rows } = await server.db.query<{
      status: string;
      last_transition_time: Date;
      last_runtime: Date;
    }>('SELECT status, last_transition_time, last_runtime FROM checks WHERE id = $1', [checkId]);
    expect(rows[0]?.status).toBe('healthy');
    expect(rows[0]?.last_transition_time).toEqual(rows[0]?.last_runtime);
    const events = await server.db.query<{ name: string; properties: { check_id: string; status: string } }>(
      'SELECT name, properties FROM event_queue ORDER BY created_at, name',
    );
    expect(events.rows.map((e) => e.name)).toEqual(['check.failed', 'check.passed']);
    expect(events.rows[0]?.properties).toMatchObject({ check_id: checkId, status: 'unhealthy' });
  });

  it('answers 404 for an unknown check and 400 for a malformed id', async () => {
    expect((await runNow('00000000-0000-0000-0000-00000000abcd')).status).toBe(404);
    const bad = await runNow('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('the check id must be a UUID');
  });

  it('lists statuses through /api/db with exact counts', async () => {
    const res = await fetch(
      `${server.baseUrl}/api/db/check_statuses?check_id=eq.${checkId}&order=time.desc&limit=2`,
      {
        headers: { prefer: 'count=exact' },
      },
    );
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('content-range')).toBe('0-1/4');
    const rows = (await res.json()) as { status: boolean; duration: number }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.status).toBe(true);
  });

  it('summarises checks with uptime and latency over the last hour', async () => {
    const { status, body } = await get<Summary>('/api/canary/api/summary');
    expect(status).toBe(200);
    expect(body.runnerName).toBe('local');
    const home = body.checks_summary.find((c) => c.id === checkId)!;
    expect(home).toMatchObject({
      canary_name: 'shop',
      name: 'home',
      type: 'http',
      status: 'healthy',
      labels: { team: 'edge', tier: 'web' },
      uptime: { passed: 2, failed: 2 },
    });
    expect(home.uptime.last_pass).not.toBeNull();
    expect(Object.keys(home.latency).sort()).toEqual(['p95', 'p97', 'p99', 'rolling1h']);
    const never = body.checks_summary.find((c) => c.id === historyCheckId)!;
    expect(never).toMatchObject({
      status: null,
      uptime: { passed: 0, failed: 0 },
      latency: { p95: 0, p97: 0, p99: 0, rolling1h: 0 },
    });

    const filtered = await get<Summary>(`/api/canary/api/summary?labels=tier=web`);
    expect(filtered.body.checks_summary.map((c) => c.name)).toEqual(['home']);
    const one = await get<Summary>(`/api/canary/api/summary?check_id=${historyCheckId}`);
    expect(one.body.checks_summary.map((c) => c.name)).toEqual(['history']);
    const day = await get<Summary>('/api/canary/api/summary?window=24h');
    expect(day.body.checks_summary.find((c) => c.id === checkId)?.uptime).toMatchObject({
      passed: 2,
      failed: 2,
    });
    // Entries cached by each run are exactly what a fresh build gives.
    await server.db.query('DELETE FROM check_summaries');
    const rebuilt = await get<Summary>('/api/canary/api/summary');
    expect(rebuilt.body.checks_summary).toEqual(body.checks_summary);

    const bad = await get<{ error: string }>('/api/canary/api/summary?window=soon');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('window must be a duration');
    // Durations are range-checked: thousands of years is a clear 400, never an invalid date.
    const huge = await get<{ error: string }>('/api/canary/api/summary?window=9999999999d');
    expect(huge.status).toBe(400);
    expect(huge.body.error).toContain('window must be a duration');
    const farStart = await get<{ error: string }>(`/api/canary/api/graph?check=${checkId}&start=9999999999d`);
    expect(farStart.status).toBe(400);
    expect(farStart.body.error).toContain('expected a duration such as 1h');
  });

  describe('graph', () => {
    beforeAll(async () => {
      // Two hours of history every 30 s (every 4th run failing), plus one run 10 days ago.
      await server.db.query(
        `INSERT INTO check_statuses (check_id, time, duration, status)
         SELECT $1, date_trunc('minute', now()) - g * interval '30 seconds', 100 + (g % 10) * 10, g % 4 <> 0
         FROM generate_series(1, 240) g`,
        [historyCheckId],
      );
      await server.db.query(
        `INSERT INTO check_statuses (check_id, time, duration, status) VALUES ($1, now() - interval '10 days', 500, false)`,
        [historyCheckId],
      );
      await rollUpCheckStatuses(server.db);
    });

    const gaps = (g: Graph) =>
      g.status.slice(1).map((p, i) => new Date(p.time).getTime() - new Date(g.status[i]!.time).getTime());

    it('uses 1-minute buckets up to 2h, with false and zero values present', async () => {
      const { status, body } = await get<Graph>(
        `/api/canary/api/graph?check=${historyCheckId}&start=2h&count=300`,
      );
      expect(status).toBe(200);
      expect(body.status.length).toBeGreaterThanOrEqual(119);
      expect(new Set(gaps(body))).toEqual(new Set([MIN]));
      const failing = body.status.find((p) => !p.status)!;
      expect(failing).toEqual({
        time: failing.time,
        status: false,
        duration: expect.any(Number),
        passed: 1,
        failed: 1,
      });
      const passing = body.status.find((p) => p.status)!;
      expect(passing.failed).toBe(0);
      expect(body.uptime.failed).toBeGreaterThan(0);
      expect(body.latency.p99).toBeGreaterThanOrEqual(body.latency.p95);
    });

    it('uses 15-minute buckets up to a day and hourly roll-ups beyond', async () => {
      const day = await get<Graph>(`/api/canary/api/graph?check=${historyCheckId}&start=24h`);
      expect(gaps(day.body).every((g) => g === 15 * MIN)).toBe(true);
      expect(day.body.uptime).toEqual({ passed: 180, failed: 60 });

      const week = await get<Graph>(`/api/canary/api/graph?check=${historyCheckId}&start=7d`);
      expect(gaps(week.body).every((g) => g % HOUR === 0)).toBe(true);
      expect(week.body.uptime).toEqual({ passed: 180, failed: 60 });

      const month = await get<Graph>(`/api/canary/api/graph?check=${historyCheckId}&start=30d`);
      expect(gaps(month.body).every((g) => g % (4 * HOUR) === 0)).toBe(true);
      expect(month.body.uptime).toEqual({ passed: 180, failed: 61 });
      expect(month.body.status[0]).toMatchObject({ status: false, passed: 0, failed: 1 });
    });

    it('keeps roll-ups when raw statuses pass their retention', async () => {
      const config = server.ctx.config;
      const fiveDays = { ...config, retention: { ...config.retention, checkStatuses: 5 * 86_400_000 } };
      const done = await applyRetention(
        server.db,
        fiveDays,
        checkRetentionRules,
        new AbortController().signal,
      );
      expect(done.details.deleted).toMatchObject({
        check_statuses: 1,
        check_statuses_1h: 0,
        check_statuses_1d: 0,
      });
      const raw = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1 AND time < now() - interval '5 days'`,
        [historyCheckId],
      );
      expect(raw.rows[0]?.n).toBe(0);
      const month = await get<Graph>(`/api/canary/api/graph?check=${historyCheckId}&start=30d`);
      expect(month.body.uptime).toEqual({ passed: 180, failed: 61 });
    });

    it('refuses a bad check id or time', async () => {
      expect((await get(`/api/canary/api/graph?check=nope`)).status).toBe(400);
      expect((await get(`/api/canary/api/graph?check=${historyCheckId}&start=yesterday-ish`)).status).toBe(
        400,
      );
    });
  });
});

describe('Run Now permissions', () => {
  let server: TestServer;
  let checkId: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'builtin' });
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name, spec) VALUES ('perm', '{"exec":[{"name":"hi","script":"echo hi"}]}') RETURNING id`,
    );
    await syncCanaryChecks(server.db, rows[0]!.id);
    checkId = (await server.db.query<{ id: string }>('SELECT id FROM checks')).rows[0]!.id;
  });
  afterAll(() => server.close());

  it('is open to responders and closed to viewers', async () => {
    const post = async (role: 'viewer' | 'responder') => {
      const user = await signIn(server, role);
      return fetch(`${server.baseUrl}/api/canary/run/check/${checkId}`, {
        method: 'POST',
        headers: user.headers,
      });
    };
    expect((await post('viewer')).status).toBe(403);
    const ok = await post('responder');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ total: 1, failed: 0, success: 1, errors: [] });
    const viewer = await signIn(server, 'viewer');
    const summary = await fetch(`${server.baseUrl}/api/canary/api/summary`, { headers: viewer.headers });
    expect(summary.status).toBe(200);
  });
});
