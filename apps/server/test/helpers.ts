import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/pg.js';
import type { Db } from '../src/db/types.js';
import { startServer, type RunningServer } from '../src/server.js';

export type DbKind = 'pglite' | 'postgresql';
/** Both drivers, for describe.each: every server behaviour is tested on each. */
export const DB_KINDS: DbKind[] = ['pglite', 'postgresql'];

/** A fresh, empty database of the given kind: in-memory PGlite, or a new database on the test server. */
export async function freshDb(kind: DbKind): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite(null);
    return { db, drop: () => db.close() };
  }
  const admin = inject('pgUrl');
  const name = `opsdeck_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  const db = await openPostgres(url, { poolSize: 10, statementTimeoutMs: 5000 });
  return {
    db,
    url,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestServer = RunningServer & { db: Db; baseUrl: string; close(): Promise<void> };

/** Starts the real server on a free port over a fresh database; demo data off unless asked. */
export async function startTestServer(kind: DbKind, overrides: Partial<Config> = {}): Promise<TestServer> {
  const fresh = await freshDb(kind);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: '/nonexistent-test-data-dir' },
    { webDir: '/nonexistent-web', ...overrides },
  );
  const server = await startServer(config, { db: fresh.db, scheduler: false });
  const baseUrl = server.url.replace('[::1]', '127.0.0.1');
  return {
    ...server,
    db: fresh.db,
    baseUrl,
    async close() {
      await server.stop();
      await fresh.drop();
    },
  };
}
