import type { AuthConfig } from '../config.js';
import type { Queryable } from '../db/types.js';
import { randomToken, sha256 } from './secrets.js';
import { forgetCachedSessions } from './session-cache.js';

export const SESSION_COOKIE = 'opsdeck_session';

export type Aal = 'aal1' | 'aal2';

export type SessionRow = {
  id: string;
  identity_id: string;
  aal: Aal;
  methods: { method: string; aal: Aal; completed_at: string }[];
  authenticated_at: Date;
  issued_at: Date;
  expires_at: Date;
  last_seen_at: Date;
};

export type NewSession = { session: SessionRow; token: string; logoutToken: string };

type SessionTimes = Pick<AuthConfig, 'sessionIdleMs' | 'sessionLifetimeMs'>;

const COLUMNS = 'id, identity_id, aal, methods, authenticated_at, issued_at, expires_at, last_seen_at';

/** Creates a session with fresh random tokens; the caller sets the cookie. */
export async function createSession(
  db: Queryable,
  cfg: SessionTimes,
  identityId: string,
  aal: Aal,
  methods: SessionRow['methods'],
  authenticatedAt: Date = new Date(),
): Promise<NewSession> {
  // Housekeeping without a job: sessions past their absolute lifetime are dead anyway.
  await db.query('DELETE FROM auth_sessions WHERE expires_at < now()');
  const token = randomToken();
  const logoutToken = randomToken();
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO auth_sessions (token_hash, logout_token_hash, identity_id, aal, methods, authenticated_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, now() + make_interval(secs => $7))
     RETURNING ${COLUMNS}`,
    [
      sha256(token),
      sha256(logoutToken),
      identityId,
      aal,
      JSON.stringify(methods),
      authenticatedAt,
      cfg.sessionLifetimeMs / 1000,
    ],
  );
  const session = rows[0];
  if (!session) throw new Error('session insert returned no row');
  return { session, token, logoutToken };
}

/** A live session with what authorization needs of its person, read in one round trip. */
export type SessionWithPerson = {
  session: SessionRow;
  /** The identity exists, is active and its person is not deleted. */
  personActive: boolean;
  hasTotp: boolean;
  /** The person's stored roles (person_roles), as read with the session. */
  roles: string[];
  /**
   * How long this answer stays true if nothing changes: until the session's idle or absolute
   * end, or its next once-a-minute touch, whichever is first (0 when touched just now).
   */
  reusableMs: number;
};

/**
 * The live session for a cookie token, or null when unknown, past its absolute lifetime or
 * idle for longer than the idle timeout (such sessions are deleted on sight), with the
 * person's state, second factor and roles in the same statement: every
 * cookie-authenticated request needs all of them, and one round trip instead of three is
 * most of what authorization costs a data API read. The route guard keeps the answer for a
 * few seconds (session-cache.ts); the sign-in flows always read it here.
 */
export async function findSessionWithPerson(
  db: Queryable,
  cfg: SessionTimes,
  token: string,
): Promise<SessionWithPerson | null> {
  const { rows } = await db.query<
    SessionRow & {
      idle_expired: boolean;
      touch_due: boolean;
      reusable_ms: number;
      person_active: boolean;
      has_totp: boolean;
      roles: string[];
    }
  >(
    `SELECT s.*, (i.state = 'active' AND p.id IS NOT NULL) IS TRUE AS person_active,
       i.totp_secret IS NOT NULL AS has_totp,
       ARRAY(SELECT r.role FROM person_roles r WHERE r.person_id = s.identity_id) AS roles
     FROM (
       SELECT ${COLUMNS}, (expires_at <= now() OR last_seen_at + make_interval(secs => $2) <= now()) AS idle_expired,
         last_seen_at < now() - interval '1 minute' AS touch_due,
         greatest(0, extract(epoch FROM least(expires_at, last_seen_at + make_interval(secs => $2),
           last_seen_at + interval '1 minute') - now()) * 1000)::float8 AS reusable_ms
       FROM auth_sessions WHERE token_hash = $1
     ) s
     LEFT JOIN identities i ON i.id = s.identity_id
     LEFT JOIN people p ON p.id = i.id AND p.deleted_at IS NULL`,
    [sha256(token), cfg.sessionIdleMs / 1000],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.idle_expired) {
    await db.query('DELETE FROM auth_sessions WHERE id = $1', [row.id]);
    return null;
  }
  // The idle clock does not need per-request precision: touched at most once a minute.
  if (row.touch_due) {
    await db.query('UPDATE auth_sessions SET last_seen_at = now() WHERE id = $1', [row.id]);
  }
  const { idle_expired: _idle, touch_due, reusable_ms, person_active, has_totp, roles, ...session } = row;
  return {
    session,
    personActive: person_active,
    hasTotp: has_totp,
    roles,
    reusableMs: touch_due ? 0 : reusable_ms,
  };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM auth_sessions WHERE id = $1', [sessionId]);
  forgetCachedSessions();
}

/** Ends every session of the identity (password change, user deleted or deactivated). */
export async function revokeAllSessions(db: Queryable, identityId: string): Promise<number> {
  const { affectedRows } = await db.query('DELETE FROM auth_sessions WHERE identity_id = $1', [identityId]);
  forgetCachedSessions();
  return affectedRows;
}

export async function findSessionByLogoutToken(
  db: Queryable,
  logoutToken: string,
): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM auth_sessions WHERE logout_token_hash = $1`,
    [sha256(logoutToken)],
  );
  return rows[0] ?? null;
}

/** A new logout token for an existing session (GET logout/browser hands it out). */
export async function newLogoutToken(db: Queryable, sessionId: string): Promise<string> {
  const logoutToken = randomToken();
  await db.query('UPDATE auth_sessions SET logout_token_hash = $2 WHERE id = $1', [
    sessionId,
    sha256(logoutToken),
  ]);
  return logoutToken;
}
