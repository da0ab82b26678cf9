import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freePort } from '../free-port.js';
import { freshDb, signIn, type TestServer } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A folder with one file passes the probe check; an empty one fails it. */
function probeDir(): { dataDir: string; pass(on: boolean): void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-located-'));
  const probe = path.join(dataDir, 'files', 'probe');
  fs.mkdirSync(probe, { recursive: true });
  const pass = (on: boolean) => {
    const file = path.join(probe, 'ok');
    if (on) fs.writeFileSync(file, 'ok');
    else fs.rmSync(file, { force: true });
  };
  pass(true);
  return { dataDir, pass };
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Three locations: this process (the upstream, PostgreSQL) and two real `opsdeck agent`
 * processes on their own embedded databases. Each runs the same folder check on its own
 * DATA_DIR, so the test makes each location pass or fail on its own.
 */
describe('a check located at the upstream and two agent processes', () => {
  let upDb: Awaited<ReturnType<typeof freshDb>>;
  let upstream: RunningServer;
  const local = probeDir();
  const edges = [probeDir(), probeDir()];
  const agents: ChildProcess[] = [];
  let output = '';
  let canary: { id: string; name: string; schedule: string };
  let checkId = '';
  let baseUrl = '';
  let adminHeaders: Record<string, string> = {};

  beforeAll(async () => {
    upDb = await freshDb('postgresql');
    const port = await freePort();
    upstream = await startServer(
      inProcessConfig({
        AUTH_MODE: 'builtin',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: local.dataDir,
      }),
      { db: upDb.db, scheduler: false },
    );
    baseUrl = `http://127.0.0.1:${port}`;
    const admin = await signIn({ ...upstream, db: upDb.db, baseUrl } as TestServer, 'admin');
    adminHeaders = admin.headers;
    const spec = {
      schedule: '@every 10s',
      locations: ['local', { agent: 'edge-1' }, { agent: 'edge-2' }],
      folder: [{ name: 'probe', path: '{{dataDir}}/files/probe', minCount: 1 }],
    };
    const { rows } = await upDb.db.query<{ id: string }>(
      "INSERT INTO canaries (name, spec, schedule) VALUES ('everywhere', $1, '@every 10s') RETURNING id",
      [JSON.stringify(spec)],
    );
    canary = { id: rows[0]!.id, name: 'everywhere', schedule: '@every 10s' };
    await syncCanaryChecks(upDb.db, canary.id);
    checkId = (await upDb.db.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [canary.id]))
      .rows[0]!.id;
    for (const [i, edge] of edges.entries()) {
      const name = `edge-${i + 1}`;
      const res = await fetch(`${baseUrl}/api/agent/generate`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      const { access_token } = (await res.json()) as { access_token: string };
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'agent'], {
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          DATA_DIR: edge.dataDir,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          UPSTREAM_URL: baseUrl,
          UPSTREAM_TOKEN: access_token,
          AGENT_NAME: name,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      agents.push(child);
    }
  }, 60_000);

  afterAll(async () => {
    for (const child of agents)
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    await upstream.stop();
    await upDb.drop();
    for (const d of [local, ...edges]) fs.rmSync(d.dataDir, { recursive: true, force: true });
  });

  /** The newest result each agent pushed after `since`, once both have. */
  const agentResults = (since: Date) =>
    until('both agents to push a result', async () => {
      const { rows } = await upDb.db.query<{ name: string; status: boolean }>(
        `SELECT DISTINCT ON (a.name) a.name, s.status FROM check_location_statuses s JOIN agents a ON a.id = s.location
         WHERE s.check_id = $1 AND s.time > $2 ORDER BY a.name, s.time DESC`,
        [checkId, since],
      );
      return rows.length === 2 ? Object.fromEntries(rows.map((r) => [r.name, r.status])) : undefined;
    });
  const status = async () =>
    (await upDb.db.query<{ status: string | null }>('SELECT status FROM checks WHERE id = $1', [checkId]))
      .rows[0]?.status;

  it('one location failing keeps it healthy; two failing make it fail', async () => {
    try {
      expect(await agentResults(new Date(0))).toEqual({ 'edge-1': true, 'edge-2': true });
      await runCanary(upstream.ctx, canary);
      expect(await status()).toBe('healthy');

      // edge-1 alone fails: 1 of 3, below the majority.
      edges[0]!.pass(false);
      let since = new Date();
      expect(await agentResults(since)).toEqual({ 'edge-1': false, 'edge-2': true });
      await runCanary(upstream.ctx, canary);
      expect(await status()).toBe('healthy');

      // The upstream fails too: 2 of 3.
      local.pass(false);
      await runCanary(upstream.ctx, canary);
      expect(await status()).toBe('unhealthy');
      const last = await upDb.db.query<{ message: string }>(
        'SELECT message FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
        [checkId],
      );
      expect(last.rows[0]?.message).toBe('2 of 3 locations failing (fails at 2): local, edge-1');
      // What the check panel reads.
      const res = await fetch(`${baseUrl}/api/canary/check/${checkId}/locations`, { headers: adminHeaders });
      const answer = (await res.json()) as { verdict: string; locations: { name: string; state: string }[] };
      expect(answer.verdict).toBe('unhealthy');
      expect(answer.locations.map((l) => [l.name, l.state])).toEqual([
        ['local', 'failing'],
        ['edge-1', 'failing'],
        ['edge-2', 'passing'],
      ]);

      // edge-1 recovers: its push alone brings the check back, without waiting for a local run.
      edges[0]!.pass(true);
      since = new Date();
      await agentResults(since);
      await until('the check to pass again', async () => ((await status()) === 'healthy' ? true : undefined));
    } catch (e) {
      throw new Error(`${(e as Error).message}\nagent output:\n${output.slice(-4000)}`);
    }
  }, 150_000);
});
