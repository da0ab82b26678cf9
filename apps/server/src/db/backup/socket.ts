import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { migrationStatus } from '../migrate.js';
import type { Db } from '../types.js';

/**
 * The embedded database opens in one process only, so `opsdeck backup` and `opsdeck migrate
 * --status` ask the running server through a Unix socket in DATA_DIR. Whoever can open it can
 * already read DATA_DIR (the database files and secret.key), so it asks for nothing more; it is
 * mode 0600 and scripts see DATA_DIR empty (sandbox/hidden-folders.ts).
 */
export const CONTROL_SOCKET = 'opsdeck.sock';

export type ControlRequest = 'backup' | 'status';

/** The first line of every answer; a backup's tar bytes follow it. */
export type ControlHeader =
  | { ok: true; migrations: string[]; size: number }
  | { ok: true; status: Awaited<ReturnType<typeof migrationStatus>> }
  | { ok: false; error: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET);
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ version: string; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  return rows.map((r) => `${r.version}_${r.name}`);
}

async function answer(db: Db, request: string, conn: net.Socket): Promise<void> {
  const send = (header: ControlHeader, body?: Buffer) =>
    new Promise<void>((resolve) => {
      conn.write(`${JSON.stringify(header)}\n`);
      if (body) conn.write(body);
      conn.end(resolve);
    });
  try {
    if (request === 'status') return await send({ ok: true, status: await migrationStatus(db) });
    if (request === 'backup' && db.dumpDataDir) {
      const migrations = await appliedMigrations(db);
      const tar = await db.dumpDataDir();
      return await send({ ok: true, migrations, size: tar.length }, tar);
    }
    await send({ ok: false, error: `unknown request "${request.slice(0, 40)}"` });
  } catch (e) {
    await send({ ok: false, error: (e as Error).message });
  }
}

/**
 * Listens on DATA_DIR/opsdeck.sock for the server's lifetime (the data folder lock is ours, so
 * a socket file left by a killed server is removed first). Returns the function that stops it,
 * or a warning when the socket cannot be made (then backups need the server stopped).
 */
export async function serveControlSocket(
  db: Db,
  dataDir: string,
): Promise<{ close(): Promise<void>; warning?: string }> {
  const file = controlSocketPath(dataDir);
  const none = { close: async () => {} };
  // sun_path holds 107 bytes; a longer DATA_DIR cannot have a socket.
  if (Buffer.byteLength(file) > 107)
    return {
      ...none,
      warning: `${file} is too long for a Unix socket: opsdeck backup needs the server stopped`,
    };
  fs.rmSync(file, { force: true });
  const server = net.createServer((conn) => {
    let line = '';
    conn.setEncoding('utf8');
    conn.on('error', () => {});
    const onData = (chunk: string) => {
      line += chunk;
      const end = line.indexOf('\n');
      if (end < 0 && line.length < 100) return;
      conn.off('data', onData);
      void answer(db, line.slice(0, end < 0 ? undefined : end).trim(), conn);
    };
    conn.on('data', onData);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
    fs.chmodSync(file, 0o600);
  } catch (e) {
    return { ...none, warning: `${file}: ${(e as Error).message}; opsdeck backup needs the server stopped` };
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** Sends one request to the server owning `dataDir`; null when no server listens there. */
export async function askServer(
  dataDir: string,
  request: ControlRequest,
): Promise<{ header: ControlHeader; body: Buffer } | null> {
  const file = controlSocketPath(dataDir);
  if (!fs.existsSync(file)) return null;
  return new Promise((resolve, reject) => {
    const conn = net.connect(file);
    const chunks: Buffer[] = [];
    conn.on('connect', () => conn.write(`${request}\n`));
    conn.on('data', (c: Buffer) => chunks.push(c));
    conn.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? resolve(null) : reject(e),
    );
    conn.on('end', () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(10);
      if (nl < 0) return reject(new Error('the server closed the connection without an answer'));
      resolve({
        header: JSON.parse(all.subarray(0, nl).toString('utf8')) as ControlHeader,
        body: all.subarray(nl + 1),
      });
    });
  });
}
