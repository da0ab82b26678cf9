import crypto from 'node:crypto';
import { createIdentity } from '../../apps/server/src/auth/identities.js';
import { setRoles } from '../../apps/server/src/auth/roles.js';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/auth/sessions.js';
import type { Config } from '../../apps/server/src/config.js';
import type { Db } from '../../apps/server/src/db/types.js';
import { startServer, type RunningServer } from '../../apps/server/src/server.js';
import { inProcessConfig } from '../../apps/server/test/in-process-config.js';

/** A signed-in viewer: what a browser holds after login, and the headers a client sends. */
export type Viewer = {
  personId: string;
  /** The session token, the value of the `opsdeck_session` cookie. */
  token: string;
  /** The session cookie plus a same-origin Origin (cookie-authenticated writes need it). */
  headers: Record<string, string>;
};

export type BenchServer = { server: RunningServer; config: Config; base: string; viewer: Viewer };

/**
 * The real server as production starts it: built-in sign-in (AUTH_MODE=builtin) and its own
 * role-based data access, no stub. Benchmarks send `viewer.headers` with every measured
 * request, so authentication and authorization are on the measured path.
 */
export async function startBenchServer(
  db: Db,
  options: { webDir?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const config = inProcessConfig(
    { AUTH_MODE: 'builtin', ...options.env },
    options.webDir === undefined ? {} : { webDir: options.webDir },
  );
  const server = await startServer(config, { db, scheduler: false });
  const base = server.url.replace('[::1]', '127.0.0.1');
  try {
    return { server, config, base, viewer: await signInViewer(db, config, base) };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

/**
 * A person with `roles` (by default the viewer role, the least a console user has) and a
 * signed-in session for a server at `base` on `db`.
 */
export async function signInViewer(
  db: Db,
  config: Config,
  base: string,
  roles: string[] = ['viewer'],
): Promise<Viewer> {
  const email = `bench-${roles.join('-')}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const personId = await createIdentity(db, { email, name: { first: 'Bench', last: 'Viewer' } }, null, {
    verified: true,
  });
  await setRoles(db, personId, roles);
  const { token } = await createSession(db, config.auth, personId, 'aal1', []);
  return { personId, token, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: base } };
}
