import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import type { Db } from '../src/db/types.js';
import { freshDb, type DbKind } from './helpers.js';

/** A loopback port that counts connections: child processes and scripts report to it. */
export async function counter(): Promise<{ port: number; count: () => number; close: () => void }> {
  let n = 0;
  const server = net.createServer((socket) => {
    n++;
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, count: () => n, close: () => server.close() };
}

/**
 * A migrated database a child process is killed on, and the environment that points the child
 * at it. PGlite is one process's: the child owns the data folder until it is killed, so this
 * process opens it only afterwards (`open`); a PostgreSQL database is shared from the start.
 */
export type CrashDatabase = {
  env: Record<string, string>;
  /** This process's connection: at once on PostgreSQL, once the child is gone on PGlite. */
  open(): Promise<Db>;
  /** Runs `work` on the database before the child starts. */
  prepare<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export async function crashDatabase(kind: DbKind): Promise<CrashDatabase> {
  if (kind === 'postgresql') {
    const fresh = await freshDb('postgresql');
    await migrate(fresh.db);
    return {
      env: { DATABASE_URL: fresh.url ?? '' },
      open: async () => fresh.db,
      prepare: (work) => work(fresh.db),
      close: async () => {
        await fresh.db.close().catch(() => {});
        await fresh.drop();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-crash-'));
  const setup = await openPglite(dataDir);
  await migrate(setup);
  await setup.close();
  let db: Db | undefined;
  return {
    env: { DATA_DIR: dataDir },
    open: async () => (db ??= await openPglite(dataDir)),
    prepare: async (work) => {
      const writer = await openPglite(dataDir);
      try {
        return await work(writer);
      } finally {
        await writer.close();
      }
    },
    close: async () => {
      await db?.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A child process (a TypeScript file run with tsx) that a test kills with SIGKILL. */
export type Child = {
  /** Waits until `ready()` holds, polling; fails with the child's output when it exits first. */
  until(ready: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL, and the process is gone when this resolves. */
  kill(): Promise<void>;
};

export function startChild(file: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  return {
    kill,
    async until(ready, what, timeoutMs = 90_000) {
      const end = Date.now() + timeoutMs;
      while (!ready()) {
        if (Date.now() > end || child.exitCode !== null) {
          await kill();
          throw new Error(`the child never ${what}:\n${output}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
