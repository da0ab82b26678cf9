import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '../../src/auth/identities.js';
import { hashSecret } from '../../src/auth/passwords.js';
import { setRoles } from '../../src/auth/roles.js';
import { createSession, SESSION_COOKIE } from '../../src/auth/sessions.js';
import { loadConfig } from '../../src/config.js';
import { openPostgres } from '../../src/db/pg.js';
import { startCuttingProxy, type CuttingProxy } from '../cutting-proxy.js';
import { freePort } from '../free-port.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../pg-server.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** The promise: everything is back within this long of the database's return. */
const RESUME_MS = 15_000;
/** A request while the database is away must answer (503) within this long, not hang. */
const ANSWER_MS = 10_000;

/**
 * A real `opsdeck serve` on its own PostgreSQL server, reached through a proxy that can cut
 * its connections. The database is stopped and started again at several moments: the process
 * never exits, /readyz and requests answer 503 while it is away, and the API, the check
 * scheduler, the event consumer, the playbook engine and the session cache work again within
 * 15 s of its return.
 */
describe('a PostgreSQL outage under a running console', () => {
  let database: ThrowawayPostgres;
  let proxy: CuttingProxy;
  let directUrl = '';
  let port = 0;
  let base = '';
  let server: ChildProcess | undefined;
  let output = '';
  let exited: Promise<number | null> = Promise.resolve(null);
  let env: Record<string, string> = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-outage-'));

  /** One statement on a connection of its own, straight to PostgreSQL (the test's view). */
  async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: directUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async function get(p: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${p}`, { headers, signal: AbortSignal.timeout(ANSWER_MS) });
    return { status: res.status, body: await res.text() };
  }

  /** Polls `probe` until it holds, failing after `ms` with the server's output. */
  async function until(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
    const end = Date.now() + ms;
    let last: unknown;
    for (;;) {
      alive();
      try {
        if (await probe()) return;
      } catch (e) {
        last = e;
      }
      if (Date.now() > end)
        throw new Error(
          `${what}: not within ${ms / 1000}s (last error: ${String(last)})\n${output.slice(-4000)}`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  function alive(): void {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`the server exited (${server.exitCode}):\n${output.slice(-6000)}`);
  }

  function startServerProcess(): void {
    output = '';
    server = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const child = server;
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  let cookie: Record<string, string> = {};
  let canaryId = '';
  let playbookId = '';

  async function api(method: string, p: string, body: unknown) {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...cookie, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_MS),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  async function newestStatus(): Promise<Date | undefined> {
    const rows = await sql<{ t: Date | null }>(
      `SELECT max(s.time) AS t FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.canary_id = $1`,
      [canaryId],
    );
    return rows[0]?.t ?? undefined;
  }

  /** Everything a user relies on works again: each part proves it did something new. */
  async function everythingResumes(since: Date): Promise<void> {
    await until('/readyz answers 200', RESUME_MS, async () => (await get('/readyz')).status === 200);
    await until(
      'the API answers',
      RESUME_MS,
      async () => (await get('/api/db/canaries?select=name', cookie)).status === 200,
    );
    // The check scheduler records a new result.
    await until('a check runs again', RESUME_MS, async () => ((await newestStatus()) ?? since) > since);
    // The event consumer takes an event queued now.
    const [queued] = await sql<{ id: string }>(
      `INSERT INTO event_queue (name, properties) VALUES ('outage.test', '{}') RETURNING id`,
    );
    await until('the event consumer handles a new event', RESUME_MS, async () => {
      const rows = await sql('SELECT 1 FROM event_queue WHERE id = $1', [queued!.id]);
      return rows.length === 0;
    });
    // The playbook engine takes a new run to its end.
    const started = await api('POST', '/api/playbook/run', { id: playbookId, params: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runId =
      (started.body as { run_id?: string; id?: string }).run_id ?? (started.body as { id: string }).id;
    await until('a playbook run completes', RESUME_MS, async () => {
      const [run] = await sql<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1', [runId]);
      return run?.status === 'completed';
    });
  }

  beforeAll(async () => {
    database = await startThrowawayPostgres({ urlVariable: 'TEST_DATABASE_URL' });
    await (async () => {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      await c.query('CREATE DATABASE opsdeck');
      await c.end();
    })();
    directUrl = database.url.replace(/\/[^/]*$/, '/opsdeck');
    const pgPort = Number(new URL(database.url).port);
    proxy = await startCuttingProxy(pgPort);
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/opsdeck`,
      AUTH_MODE: 'builtin',
      SESSION_CACHE: '5s',
    };
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    await proxy?.close();
    database?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts while the database is down: /healthz 200, /readyz and the API 503, ready once it comes', async () => {
    database.down();
    startServerProcess();
    await until(
      'the holding server answers /healthz',
      60_000,
      async () => (await get('/healthz')).status === 200,
    );
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatch(/waiting for PostgreSQL at 127\.0\.0\.1/);
    expect((await get('/api/about')).status).toBe(503);
    await new Promise((r) => setTimeout(r, 2500)); // a few attempts fail meanwhile
    database.up();
    // A first start applies every migration: allow it that, once.
    await until('/readyz answers 200', 120_000, async () => (await get('/readyz')).status === 200);
    expect(output).toMatch(/waiting for PostgreSQL at 127\.0\.0\.1:\d+\/opsdeck/);
    expect(output).not.toMatch(/postgres:\/\/postgres@/); // the URL is never logged whole

    // The work the later outages interrupt: an admin, a canary every second, a playbook.
    const config = loadConfig(env);
    const setup = await openPostgres(directUrl, { poolSize: 1, statementTimeoutMs: 5000 });
    try {
      const person = await createIdentity(
        setup,
        { email: 'ops@example.com', name: { first: 'Ops', last: 'Admin' } },
        await hashSecret('a-long-password'),
        { verified: true },
      );
      await setRoles(setup, person, ['admin']);
      const { token } = await createSession(setup, config.auth, person, 'aal1', []);
      cookie = { cookie: `${SESSION_COOKIE}=${token}`, origin: base };
    } finally {
      await setup.close();
    }
    const canary = await api('POST', '/api/db/canaries', {
      name: 'outage-probe',
      namespace: 'default',
      spec: { schedule: '@every 1s', http: [{ name: 'self', url: `${base}/healthz`, responseCodes: [200] }] },
    });
    expect(canary.status, JSON.stringify(canary.body)).toBe(201);
    canaryId = (canary.body as { id: string }[])[0]!.id;
    const playbook = await api('POST', '/api/db/playbooks', {
      name: 'outage-playbook',
      namespace: 'default',
      spec: { actions: [{ name: 'say', exec: { script: 'echo resumed' } }] },
    });
    expect(playbook.status, JSON.stringify(playbook.body)).toBe(201);
    playbookId = (playbook.body as { id: string }[])[0]!.id;
    await everythingResumes(new Date(0));
  }, 240_000);

  it('survives a restart of the database during check runs: 503 while away, everything back within 15 s', async () => {
    await until('checks run', RESUME_MS, async () => (await newestStatus()) !== undefined);
    database.down();
    const downAt = new Date();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    const api503 = await get('/api/db/canaries?select=name', cookie);
    expect(api503.status).toBe(503);
    expect(api503.body).toMatch(/not reachable/);
    // The loops hit the outage for a while (claims, LISTEN connections, lease renewals).
    await new Promise((r) => setTimeout(r, 4000));
    alive();
    expect((await get('/readyz')).status).toBe(503);
    database.up();
    await everythingResumes(downAt);
    expect(output).toMatch(/lost the connection to the database/);
    expect(output).toMatch(/the database is reachable again after/);
  }, 120_000);

  it('survives a restart while the event consumer is busy and its LISTEN connections are open', async () => {
    // Enough events that a batch is in hand when the database goes.
    await sql(
      `INSERT INTO event_queue (name, properties) SELECT 'outage.busy', jsonb_build_object('n', g) FROM generate_series(1, 3000) g`,
    );
    database.down();
    const downAt = new Date();
    await new Promise((r) => setTimeout(r, 2000));
    database.up();
    await everythingResumes(downAt);
    await until('every queued event is handled', RESUME_MS, async () => {
      const [left] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM event_queue WHERE name = 'outage.busy'`,
      );
      return left?.n === 0;
    });
  }, 120_000);

  it('survives a pooler that drops every connection, again and again', async () => {
    for (let i = 0; i < 5; i++) {
      proxy.cut();
      await new Promise((r) => setTimeout(r, 300 + i * 200));
      alive();
    }
    proxy.cut();
    await everythingResumes(new Date());
    // And a restart in the middle of start-up: the server is restarted while the database is
    // down, the database comes back before the migrations are checked.
    server?.kill('SIGTERM');
    expect(await exited).toBe(0);
    database.down();
    startServerProcess();
    await until(
      'the holding server answers /healthz',
      60_000,
      async () => (await get('/healthz')).status === 200,
    );
    expect((await get('/readyz')).status).toBe(503);
    database.up();
    await everythingResumes(new Date());
  }, 180_000);
});
