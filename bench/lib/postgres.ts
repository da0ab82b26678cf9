import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function findPgBin(name: string): string {
  const fromPath = spawnSync('which', [name]).stdout?.toString().trim();
  if (fromPath) return fromPath;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort().reverse() : [];
  for (const v of versions) {
    const p = path.join(base, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`PostgreSQL's ${name} was not found: install postgresql, or set BENCH_DATABASE_URL`);
}

/**
 * A PostgreSQL database for a benchmark: a fresh database on BENCH_DATABASE_URL's server,
 * or a throw-away server started with initdb/pg_ctl (as the test setup does).
 */
export async function benchPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const name = `opsdeck_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: given });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      url: given.replace(/\/[^/]*$/, `/${name}`),
      async stop() {
        const c = new pg.Client({ connectionString: given });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(dir, 0o777);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run(pgCtl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
