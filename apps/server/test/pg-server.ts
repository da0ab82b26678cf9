import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

function findPgBin(name: string, urlVariable: string): string {
  const fromPath = spawnSync('which', [name]).stdout?.toString().trim();
  if (fromPath) return fromPath;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort().reverse() : [];
  for (const v of versions) {
    const p = path.join(base, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`PostgreSQL's ${name} was not found: install postgresql, or set ${urlVariable}`);
}

export type ThrowawayPostgres = {
  url: string;
  /** Stops the server and removes its files. */
  stop(): void;
  /** Stops the server as an administrator would for a restart (sessions ended, files kept). */
  down(): void;
  /** Starts it again on the same port, waiting until it accepts connections. */
  up(): void;
};

/**
 * Starts a throw-away PostgreSQL server with the machine's initdb/pg_ctl, for tests and
 * benchmarks. PostgreSQL refuses to run as root, so as root it runs as the postgres user.
 * `urlVariable` names the variable that points at an existing server instead (for the error).
 */
export async function startThrowawayPostgres(options: {
  urlVariable: string;
  maxConnections?: number;
}): Promise<ThrowawayPostgres> {
  const initdb = findPgBin('initdb', options.urlVariable);
  const pgCtl = findPgBin('pg_ctl', options.urlVariable);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(dir, 0o777);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Durability off: these servers hold only data a run creates and throws away.
  const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
  if (options.maxConnections) settings.push(`max_connections=${options.maxConnections}`);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings.map((s) => `-c ${s}`).join(' ')}`;
  const start = () => run(pgCtl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    down: () => run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']),
    up: start,
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
