import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { DataAccessHook } from '../src/access.js';
import type { Config } from '../src/config.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/pg.js';
import type { Db } from '../src/db/types.js';
import type { Role } from '@opsdeck/shared';
import { createIdentity } from '../src/auth/identities.js';
import { hashSecret } from '../src/auth/passwords.js';
import { setRoles } from '../src/auth/roles.js';
import { createSession, SESSION_COOKIE } from '../src/auth/sessions.js';
import { startServer, type RunningServer } from '../src/server.js';
import { inProcessConfig } from './in-process-config.js';

export type DbKind = 'pglite' | 'postgresql';
/** Both drivers, for describe.each: every server behaviour is tested on each. */
export const DB_KINDS: DbKind[] = ['pglite', 'postgresql'];

/** A fresh, empty database of the given kind: in-memory PGlite, or a new database on the test server. */
export async function freshDb(
  kind: DbKind,
  options: { statementTimeoutMs?: number } = {},
): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
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
  const db = await openPostgres(url, {
    poolSize: 10,
    statementTimeoutMs: options.statementTimeoutMs ?? 5000,
  });
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

/**
 * Starts the real server on a free port over a fresh database; demo data off unless asked.
 * Tests run with AUTH_MODE=none (every request acts as a local admin) unless `env` says
 * otherwise, e.g. `{ AUTH_MODE: 'builtin' }`; see signIn() for a user with a given role.
 */
export async function startTestServer(
  kind: DbKind,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  options: { dataAccess?: DataAccessHook; schemaWatchMs?: number } = {},
): Promise<TestServer> {
  // Tests read the summary right after writing statuses: sharing it is tested on its own
  // (health/summary-sharing.test.ts).
  const config = inProcessConfig({ AUTH_MODE: 'none', SUMMARY_SHARE: '0', ...env }, overrides);
  const fresh = await freshDb(kind, {
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS ? config.db.statementTimeoutMs : undefined,
  });
  const server = await startServer(config, {
    db: fresh.db,
    scheduler: false,
    dataAccess: options.dataAccess,
    schemaWatchMs: options.schemaWatchMs,
  });
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

export type SignedIn = {
  personId: string;
  email: string;
  password: string;
  /** Headers for fetch: the session cookie plus a same-origin Origin (needed on writes). */
  headers: Record<string, string>;
};

/**
 * Creates a person with a password and the given role (none = viewer) and a signed-in session,
 * for servers started with `{ AUTH_MODE: 'builtin' }`.
 */
export async function signIn(server: TestServer, role: Role | null, email?: string): Promise<SignedIn> {
  const address = email ?? `${role ?? 'norole'}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = `pw-${crypto.randomBytes(9).toString('base64url')}`;
  const personId = await createIdentity(
    server.db,
    { email: address, name: { first: role ?? 'No', last: 'User' } },
    await hashSecret(password),
    { verified: true },
  );
  if (role) await setRoles(server.db, personId, [role]);
  const { token } = await createSession(server.db, server.ctx.config.auth, personId, 'aal1', []);
  return {
    personId,
    email: address,
    password,
    headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: server.baseUrl },
  };
}
