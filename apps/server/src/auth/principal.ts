import { effectiveRoles, type Role } from '@opsdeck/shared';
import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from './access-tokens.js';
import { findIdentityByEmail } from './identities.js';
import { kratosPrincipal } from './kratos.js';
import { verifySecret } from './passwords.js';
import { TOO_MANY_ATTEMPTS } from './rate-limit.js';
import { sha256 } from './secrets.js';
import { loadRoles } from './roles.js';
import { limitKeys, type AuthServices } from './services.js';
import { findSessionWithPerson, SESSION_COOKIE, type SessionRow } from './sessions.js';
import type { AuthMethod, Principal } from './types.js';

export type Resolution =
  | { kind: 'ok'; principal: Principal; session?: SessionRow }
  | { kind: 'anonymous' }
  | { kind: 'error'; status: 401 | 403 | 429 | 503; body: Record<string, unknown> };

/**
 * A request's principal. Its roles are read once per request (the guard and the data API
 * both ask), from `storedRoles` when the session query already brought them.
 */
function principal(
  svc: AuthServices,
  personId: string,
  method: AuthMethod,
  sessionId?: string,
  storedRoles?: string[],
): Principal {
  let roles: Promise<Role[]> | undefined =
    storedRoles === undefined ? undefined : Promise.resolve(effectiveRoles(storedRoles));
  return { personId, method, sessionId, roles: () => (roles ??= loadRoles(svc.ctx.db, personId)) };
}

const INVALID_CREDENTIALS = { kind: 'error', status: 401, body: { error: 'Invalid credentials' } } as const;

/**
 * The session behind the request's cookie, checked for state and second factor. The route
 * guard passes `cached` to reuse a recent answer (session-cache.ts); the sign-in flows read it
 * afresh.
 */
export async function sessionFromCookie(
  svc: AuthServices,
  req: FastifyRequest,
  options: { cached?: boolean } = {},
): Promise<{ session: SessionRow; aal2Missing: boolean; roles: string[] } | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const read = () => findSessionWithPerson(svc.ctx.db, svc.ctx.config.auth, token);
  const found = options.cached
    ? await svc.sessions.lookup(sha256(token), async () => {
        const f = await read();
        // Only live sessions of active people are kept; anything else is read again next time.
        return f ? { value: f, reusableMs: f.personActive ? f.reusableMs : 0 } : null;
      })
    : await read();
  if (!found?.personActive) return null;
  const { session, hasTotp, roles } = found;
  return { session, aal2Missing: hasTotp && session.aal !== 'aal2', roles };
}

/**
 * Who the request is: the local admin (AUTH_MODE=none), an access token (Bearer or Basic
 * `token:<value>`), Basic email:password (rate-limited like login), or the session cookie.
 */
export async function resolvePrincipal(svc: AuthServices, req: FastifyRequest): Promise<Resolution> {
  const { db, config } = svc.ctx;
  // Wrong access tokens count against the client IP, like failed logins.
  const tokenKey = `token:ip:${req.ip}`;
  const tokenLimit = config.auth.rateLimit.perIp;
  const byToken = async (value: string): Promise<Resolution> => {
    if (await svc.limiter.blocked([{ key: tokenKey, limit: tokenLimit }])) {
      return { kind: 'error', status: 429, body: { error: TOO_MANY_ATTEMPTS } };
    }
    const personId = await verifyAccessToken(db, value);
    if (personId) return { kind: 'ok', principal: principal(svc, personId, 'token') };
    await svc.limiter.hit([{ key: tokenKey, limit: tokenLimit }]);
    return INVALID_CREDENTIALS;
  };
  if (config.auth.mode === 'none' && svc.localAdminId) {
    return { kind: 'ok', principal: principal(svc, svc.localAdminId, 'none') };
  }
  const header = req.headers.authorization;
  if (header) {
    const [scheme, value = ''] = header.split(/\s+/, 2);
    if (scheme?.toLowerCase() === 'bearer') return byToken(value);
    if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      // Control characters and undecodable bytes are never part of an email, password or token.
      // eslint-disable-next-line no-control-regex
      if (colon < 0 || /[\u0000-\u001f\u007f\ufffd]/.test(decoded)) return INVALID_CREDENTIALS;
      const user = decoded.slice(0, colon);
      const secret = decoded.slice(colon + 1);
      if (user === 'token') return byToken(secret);
      if (config.auth.mode !== 'builtin') return INVALID_CREDENTIALS;
      // Scripts call with Basic on every request: only failures count, blocked once over the limit.
      const keys = limitKeys(svc, 'login', req.ip, user);
      if (await svc.limiter.blocked(keys)) {
        return { kind: 'error', status: 429, body: { error: TOO_MANY_ATTEMPTS } };
      }
      const identity = await findIdentityByEmail(db, user);
      const ok = await verifySecret(identity?.password_hash, secret);
      if (!identity || !ok || identity.state !== 'active') {
        await svc.limiter.hit(keys);
        return INVALID_CREDENTIALS;
      }
      // Basic cannot carry a second factor: accounts with TOTP must use a token instead.
      if (identity.totp_secret) {
        return {
          kind: 'error',
          status: 403,
          body: { error: 'This account uses two-factor authentication: use an access token' },
        };
      }
      return { kind: 'ok', principal: principal(svc, identity.id, 'basic') };
    }
    return INVALID_CREDENTIALS;
  }
  if (config.auth.mode === 'kratos') {
    const found = await kratosPrincipal(svc, req);
    if (found.kind === 'person') return { kind: 'ok', principal: principal(svc, found.personId, 'kratos') };
    if (found.kind === 'error') return { kind: 'error', status: found.status, body: { error: found.error } };
    return { kind: 'anonymous' };
  }
  const found = await sessionFromCookie(svc, req, { cached: true });
  if (!found) return { kind: 'anonymous' };
  if (found.aal2Missing) {
    return {
      kind: 'error',
      status: 403,
      body: {
        error: 'A second factor is required: sign in with your authenticator code',
        id: 'session_aal2_required',
        redirect_browser_to: '/login?aal=aal2',
      },
    };
  }
  return {
    kind: 'ok',
    principal: principal(svc, found.session.identity_id, 'session', found.session.id, found.roles),
    session: found.session,
  };
}
