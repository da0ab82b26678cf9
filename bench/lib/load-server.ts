import { execSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { request } from 'undici';
import { loadConfig, type Config } from '../../apps/server/src/config.js';
import { domains } from '../../apps/server/src/domains.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { openDb } from '../../apps/server/src/db/open.js';
import type { Db } from '../../apps/server/src/db/types.js';
import { syncCanaryChecks } from '../../apps/server/src/health/sync.js';
import { seedsOf } from '../../apps/server/src/platform/domain.js';
import { runSeeds } from '../../apps/server/src/seed/index.js';
import { freePort } from '../../apps/server/test/free-port.js';
import { benchPostgres } from './postgres.js';
import { signInViewer, type Viewer } from './server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bundle = path.join(root, 'apps/server/dist/main.js');

const CANARIES = Number(process.env.BENCH_LOAD_CANARIES ?? 100);
const CHECKS_PER_CANARY = 10;
const SCHEDULE = '@every 30s';

export type LoadServer = {
  driver: 'postgres' | 'pglite';
  /** The first API replica (where the requests are recorded). */
  base: string;
  /** Every process serving the API: the load goes to each in turn. */
  bases: string[];
  /** The server processes' ids (one unless split into roles), for their memory. */
  pids: number[];
  viewer: Viewer;
  /** Stops the server (if it still runs) and runs `read` on its database. */
  afterStop<T>(read: (db: Db) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
};

/** 1,000 http checks against `url`, 100 canaries of 10 every 30 s, first runs spread over 30 s. */
async function createHttpChecks(db: Db, url: string): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < CANARIES; i++) {
    const http = Array.from({ length: CHECKS_PER_CANARY }, (_, k) => ({
      name: `load-${i}-${k}`,
      url,
      responseCodes: [200],
    }));
    const first = new Date(now + 15_000 + (i / CANARIES) * 30_000);
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO canaries (name, spec, schedule, next_runtime) VALUES ($1, $2, $3, $4) RETURNING id',
      [`load-${i}`, JSON.stringify({ http, schedule: SCHEDULE }), SCHEDULE, first],
    );
    await syncCanaryChecks(db, rows[0]!.id);
  }
}

export async function waitReady(base: string, exited: () => string | undefined): Promise<void> {
  const giveUp = Date.now() + 180_000;
  for (;;) {
    const res = await request(`${base}/readyz`).catch(() => undefined);
    if (res) await res.body.text();
    if (res?.statusCode === 200) return;
    const why = exited();
    if (why !== undefined) throw new Error(`the server exited before it was ready:\n${why}`);
    if (Date.now() > giveUp) throw new Error('the server was not ready after 180 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type Child = {
  pid: number;
  exited: () => string | undefined;
  output: () => string;
  stop(): Promise<void>;
};

/** The built server as `npm start` starts it (`serve --demo` unless `args` says), in a process of its own. */
export function startChild(
  nodeArgs: string[],
  env: Record<string, string>,
  args: string[] = ['serve', '--demo'],
): Child {
  if (!fs.existsSync(bundle)) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const child = spawn(process.execPath, [...nodeArgs, bundle, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    pid: child.pid ?? 0,
    exited: () => (child.exitCode === null ? undefined : output),
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await gone;
      clearTimeout(kill);
    },
  };
}

/**
 * The database prepared in this process (migrations, the demo data, an editor's session,
 * 1,000 checks, `extraSql`), then the built server started on it as `npm start` does, with
 * its scheduler, in a process of its own.
 */
export async function startLoadServer(
  driver: 'postgres' | 'pglite',
  workDir: string,
  extraSql: string,
  apiReplicas = 1,
): Promise<LoadServer> {
  const target = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  const targetUrl = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/`;
  const pg = driver === 'postgres' ? await benchPostgres() : undefined;
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: path.join(workDir, 'data'),
    SECRET_KEY: crypto.randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    DEMO: 'true',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  const config: Config = loadConfig(env);
  const base = `http://127.0.0.1:${port}`;
  const db = await openDb(config);
  let viewer: Viewer;
  try {
    await migrate(db);
    await runSeeds(db, pino({ level: 'warn' }), seedsOf(domains));
    viewer = await signInViewer(db, config, base, ['editor']);
    await createHttpChecks(db, targetUrl);
    await db.exec(extraSql);
  } finally {
    await db.close();
  }
  // BENCH_LOAD_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the time goes.
  const nodeArgs = (process.env.BENCH_LOAD_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // One process doing everything, or (PostgreSQL) a worker and `apiReplicas` API replicas.
  const roles: { role: string; port: number }[] =
    apiReplicas > 1
      ? [
          { role: 'worker', port },
          ...(await Promise.all(
            Array.from({ length: apiReplicas }, async () => ({ role: 'api', port: await freePort() })),
          )),
        ]
      : [{ role: 'all', port }];
  const children = roles.map(({ role, port: childPort }) =>
    startChild(nodeArgs, { ...env, ROLE: role, PORT: String(childPort) }),
  );
  const stopChildren = () => Promise.all(children.map((c) => c.stop()));
  const output = () => children.map((c) => c.output()).join('\n');
  try {
    for (const [i, c] of children.entries()) await waitReady(`http://127.0.0.1:${roles[i]!.port}`, c.exited);
  } catch (e) {
    await stopChildren();
    target.close();
    await pg?.stop();
    throw e;
  }
  const bases = roles.filter((r) => r.role !== 'worker').map((r) => `http://127.0.0.1:${r.port}`);
  return {
    driver,
    base: bases[0]!,
    bases,
    pids: children.map((c) => c.pid),
    viewer,
    async afterStop(read) {
      await stopChildren();
      if (/error/i.test(output())) console.error(`  load (${driver}): the server logged:\n${output()}`);
      const after = await openDb(config);
      try {
        return await read(after);
      } finally {
        await after.close();
      }
    },
    async stop() {
      await stopChildren();
      target.close();
      await pg?.stop();
    },
  };
}
