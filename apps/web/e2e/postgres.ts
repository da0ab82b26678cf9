import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throw-away PostgreSQL that checks passwords on TCP, for journeys that test credentials. */
export type JourneyPostgres = {
  /** `postgres://127.0.0.1:{port}/postgres`, without credentials. */
  url: string;
  user: string;
  password: string;
  stop(): void;
};

function pgBin(name: string): string {
  const fromPath = spawnSync('which', [name]).stdout?.toString().trim();
  if (fromPath) return fromPath;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort().reverse() : [];
  for (const v of versions) {
    const p = path.join(base, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`PostgreSQL's ${name} was not found: install postgresql`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Like the server tests' startThrowawayPostgres (apps/server/test/pg-server.ts), but TCP
 * logins need the password (scram-sha-256), so a wrong one is refused as a real server would.
 * PostgreSQL refuses to run as root, so as root it runs as the postgres user.
 */
export async function startJourneyPostgres(password: string): Promise<JourneyPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(dir, 0o777);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  const pwfile = path.join(dir, 'pwfile');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
  const data = path.join(dir, 'data');
  run(pgBin('initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    `--pwfile=${pwfile}`,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  fs.rmSync(pwfile);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const pgCtl = pgBin('pg_ctl');
  run(pgCtl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://127.0.0.1:${port}/postgres`,
    user: 'postgres',
    password,
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
