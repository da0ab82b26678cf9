import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { createIdentity } from '../../src/auth/identities.js';
import { hashSecret } from '../../src/auth/passwords.js';
import { rateLimitCleanup } from '../../src/auth/rate-limit.js';
import { openPostgres } from '../../src/db/pg.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

const ENV = { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_ACCOUNT: '3', AUTH_RATE_LIMIT_IP: '1000' };

/** Basic email:password against whoami, as a script signs in. */
function basic(server: RunningServer, email: string, password: string): Promise<Response> {
  return fetch(`${server.url.replace('[::1]', '127.0.0.1')}/api/auth/whoami`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
}

describe.each(DB_KINDS)('sign-in limits kept in the database (%s)', (kind) => {
  it('still hold after the server restarts, and expired windows are cleaned up', async () => {
    const fresh = await freshDb(kind);
    const config = inProcessConfig(ENV);
    let server = await startServer(config, { db: fresh.db, scheduler: false });
    try {
      await createIdentity(
        fresh.db,
        { email: 'ann@example.com', name: { first: 'Ann', last: 'A' } },
        await hashSecret('right-password'),
        { verified: true },
      );
      for (let i = 0; i < 3; i++) expect((await basic(server, 'ann@example.com', 'wrong')).status).toBe(401);
      await server.stop();
      server = await startServer(config, { db: fresh.db, scheduler: false });
      expect((await basic(server, 'ann@example.com', 'right-password')).status).toBe(429);

      // The cleanup job removes counters whose window has ended, and only those.
      await fresh.db.query(
        `UPDATE auth_rate_limits SET window_start = now() - interval '1 day' WHERE key LIKE '%ann@%'`,
      );
      const outcome = await rateLimitCleanup.run(server.ctx, new AbortController().signal);
      expect(outcome).toEqual({ success: 1 });
      expect((await basic(server, 'ann@example.com', 'right-password')).status).toBe(200);
    } finally {
      await server.stop();
      await fresh.drop();
    }
  });
});

describe('sign-in limits across two replicas on one PostgreSQL', () => {
  it('count the attempts made on either replica together', async () => {
    const fresh = await freshDb('postgresql');
    const secondDb = await openPostgres(fresh.url ?? '', { poolSize: 4, statementTimeoutMs: 5000 });
    const config = inProcessConfig(ENV);
    const a = await startServer(config, { db: fresh.db, scheduler: false });
    const b = await startServer(inProcessConfig({ ...ENV, SECRET_KEY: config.auth.secretKey ?? '' }), {
      db: secondDb,
      scheduler: false,
    });
    try {
      await createIdentity(
        fresh.db,
        { email: 'bob@example.com', name: { first: 'Bob', last: 'B' } },
        await hashSecret('right-password'),
        { verified: true },
      );
      expect((await basic(a, 'bob@example.com', 'wrong')).status).toBe(401);
      expect((await basic(b, 'bob@example.com', 'wrong')).status).toBe(401);
      expect((await basic(a, 'bob@example.com', 'wrong')).status).toBe(401);
      // Three attempts in all: each replica refuses the next, even with the right password.
      expect((await basic(b, 'bob@example.com', 'right-password')).status).toBe(429);
      expect((await basic(a, 'bob@example.com', 'right-password')).status).toBe(429);
    } finally {
      await a.stop();
      await b.stop();
      await secondDb.close();
      await fresh.drop();
    }
  });
});
