import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createIdentity } from '../../src/auth/identities.js';
import { hashSecret } from '../../src/auth/passwords.js';
import { setRoles } from '../../src/auth/roles.js';
import { createSession, SESSION_COOKIE } from '../../src/auth/sessions.js';
import { loadConfig } from '../../src/config.js';
import { openPostgres } from '../../src/db/pg.js';
import { freePort } from '../free-port.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

type Proc = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

function opsdeck(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function until(what: string, ms: number, probe: () => Promise<boolean>, logs: () => string) {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000}s (${String(last)})\n${logs()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A team's set-up, as the docs describe it, with real processes: PostgreSQL with a role that
 * owns only its schema, two console replicas sharing SECRET_KEY (a third with another key
 * refuses to start), an agent given both replicas' addresses that runs a canary assigned to
 * it from the console and keeps reporting when one replica stops.
 */
describe('a team set-up: a schema-owning role, two replicas, an agent', () => {
  const admin = inject('pgUrl');
  const suffix = crypto.randomBytes(4).toString('hex');
  const role = `team_${suffix}`;
  const database = `team_${suffix}`;
  const key = crypto.randomBytes(24).toString('hex');
  const dirs: string[] = [];
  const procs: Proc[] = [];
  let url = '';
  let target: http.Server;
  let targetUrl = '';
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-team-'));
    dirs.push(d);
    return d;
  };
  const asAdmin = async (db: string, sql: string) => {
    const c = new pg.Client({ connectionString: admin.replace(/\/[^/]*$/, `/${db}`) });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const logs = () => procs.map((p, i) => `--- process ${i}\n${p.output().slice(-3000)}`).join('\n');

  beforeAll(async () => {
    await asAdmin('postgres', `CREATE ROLE ${role} LOGIN PASSWORD 'team-pw'`);
    await asAdmin('postgres', `CREATE DATABASE ${database}`); // owned by the administrator
    const u = new URL(admin);
    url = `postgres://${role}:team-pw@${u.host}/${database}`;
    target = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    for (const p of procs) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM');
        await p.exit;
      }
    }
    await new Promise((r) => target.close(r));
    await asAdmin('postgres', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await asAdmin('postgres', `DROP ROLE IF EXISTS ${role}`);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('migrate explains a role that may not create tables, and works once the role owns its schema', async () => {
    const denied = opsdeck(['migrate'], { DATABASE_URL: url, DATA_DIR: tmp() });
    expect(await denied.exit).toBe(1);
    const line = denied.output().trim().split('\n').at(-1) ?? '';
    expect(line).toMatch(/^opsdeck: cannot create Opsdeck's tables: permission denied for schema public\. /);
    expect(line).toMatch(/must own the database .* or a schema of its own .*docs\/deploy\.md/);
    expect(denied.output()).not.toMatch(/\n\s+at /);

    await asAdmin(database, `CREATE SCHEMA ${role} AUTHORIZATION ${role}`);
    const ok = opsdeck(['migrate'], { DATABASE_URL: url, DATA_DIR: tmp() });
    expect(await ok.exit, ok.output()).toBe(0);
    expect(ok.output()).toMatch(/migrate: PostgreSQL at 127\.0\.0\.1:\d+\/team_/);
    expect(ok.output()).toMatch(/applied migrations: /);
  }, 180_000);

  it('migrate without DATABASE_URL says it uses the embedded database in DATA_DIR', async () => {
    const dataDir = path.join(tmp(), 'embedded');
    const env = { ...process.env } as Record<string, string>;
    delete env.DATABASE_URL;
    const run = opsdeck(['migrate'], { DATA_DIR: dataDir });
    expect(await run.exit, run.output()).toBe(0);
    expect(run.output()).toContain(
      `migrate: DATABASE_URL is not set, so this uses the embedded database in DATA_DIR (${dataDir}), created now`,
    );
  }, 180_000);

  it('two replicas share the key; a third with another key refuses; an agent on both survives one’s stop', async () => {
    const ports = [await freePort(), await freePort()];
    const base = ports.map((p) => `http://127.0.0.1:${p}`);
    const replicaEnv = (port: number, secret = key) => ({
      DATABASE_URL: url,
      DATA_DIR: tmp(),
      SECRET_KEY: secret,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_MODE: 'builtin',
    });
    // A production start: `opsdeck serve`, no --demo.
    const replicas = ports.map((p) => opsdeck(['serve'], replicaEnv(p)));
    procs.push(...replicas);
    for (const [i, b] of base.entries())
      await until(
        `${b} ready`,
        120_000,
        async () => {
          const c = replicas[i]!.child;
          if (c.exitCode !== null || c.signalCode !== null)
            throw new Error(`replica ${i} exited (${c.exitCode ?? c.signalCode})`);
          return (await fetch(`${b}/readyz`)).ok;
        },
        logs,
      );

    const db = await openPostgres(url, { poolSize: 2, statementTimeoutMs: 5000 });
    let headers: Record<string, string>;
    try {
      // A production start never seeds demo data.
      const seeded = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM canaries');
      expect(seeded.rows[0]?.n).toBe(0);
      const config = loadConfig(replicaEnv(ports[0]!));
      const person = await createIdentity(
        db,
        { email: 'lead@example.com', name: { first: 'Team', last: 'Lead' } },
        await hashSecret('a-long-password'),
        { verified: true },
      );
      await setRoles(db, person, ['admin']);
      const { token } = await createSession(db, config.auth, person, 'aal1', []);
      headers = { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json' };
    } finally {
      await db.close();
    }

    const wrong = opsdeck(['serve'], replicaEnv(await freePort(), crypto.randomBytes(24).toString('hex')));
    procs.push(wrong);
    expect(await wrong.exit).toBe(1);
    expect(wrong.output()).toMatch(
      /opsdeck: this server's secret key cannot open the secrets already in the database .*SECRET_KEY or SECRET_KEY_FILE/,
    );

    // The agent is made on one replica, its canary assigned on the other, as in the console.
    const gen = await fetch(`${base[0]}/api/agent/generate`, {
      method: 'POST',
      headers: { ...headers, origin: base[0]! },
      body: JSON.stringify({ name: 'edge' }),
    });
    expect(gen.status, await gen.clone().text()).toBe(201);
    const { id: agentId, access_token } = (await gen.json()) as { id: string; access_token: string };
    const saved = await fetch(`${base[1]}/api/db/canaries`, {
      method: 'POST',
      headers: { ...headers, origin: base[1]!, prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'edge-probe',
        namespace: 'default',
        agent_id: agentId,
        spec: { schedule: '@every 2s', http: [{ name: 'edge-http', url: targetUrl }] },
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);

    const agent = opsdeck(['agent'], {
      DATA_DIR: tmp(),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      UPSTREAM_URL: base.join(','),
      UPSTREAM_TOKEN: access_token,
      AGENT_NAME: 'edge',
    });
    procs.push(agent);
    const statuses = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM check_statuses s JOIN checks k ON k.id = s.check_id
           WHERE k.agent_id = $1 AND k.name = 'edge-http' AND k.deleted_at IS NULL`,
          [agentId],
        );
        return rows[0]?.n ?? 0;
      } finally {
        await c.end();
      }
    };
    await until('the agent’s results reach the upstream', 90_000, async () => (await statuses()) >= 2, logs);
    const summary = async (b: string) => {
      const res = await fetch(`${b}/api/canary/api/summary`, { headers });
      const body = (await res.json()) as {
        checks_summary: { name: string; uptime: { passed: number; failed: number } }[];
      };
      return body.checks_summary.find((e) => e.name === 'edge-http');
    };
    await until(
      'the summary counts them',
      30_000,
      async () => ((await summary(base[1]!))?.uptime.passed ?? 0) > 0,
      logs,
    );
    // How a refused push reads in the agent's log (a bare /409/ also matched a port like 40939).
    expect(agent.output()).not.toMatch(/answered 409|duplicate key/);

    // One replica stops: the agent keeps reporting through the other.
    replicas[0]!.child.kill('SIGTERM');
    await replicas[0]!.exit;
    const before = await statuses();
    await until(
      'results keep arriving through the other replica',
      60_000,
      async () => (await statuses()) > before + 1,
      logs,
    );
    expect(agent.child.exitCode).toBeNull();
  }, 400_000);
});
