import type { FastifyInstance, FastifyReply } from 'fastify';
import type * as client from 'openid-client';
import { z } from 'zod';
import { flowError, loadError, storeError } from '../flows/errors.js';
import { checkReturnTo, clearSessionCookie, setSessionCookie } from '../flows/http.js';
import { consoleUrl } from '../origin.js';
import { sessionFromCookie } from '../principal.js';
import type { AuthServices } from '../services.js';
import { createSession, findSessionByLogoutToken, newLogoutToken, revokeSession } from '../sessions.js';
import { claimList, emailFromClaims, nameFromClaims, rolesFromClaims, type Claims } from './claims.js';
import { IssuerUnavailableError, type OidcClient } from './client.js';
import { signInExternal } from './people.js';
import { loadOpenidClient } from '../../lib/packages.js';
import { oidcSessionJson } from './session-json.js';
import { clearAttemptCookie, readAttemptCookie, setAttemptCookie } from './state-cookie.js';

const LOGIN_PAGE = '/login';
const CALLBACK_PATH = '/api/auth/oidc/callback';

const returnToQuery = z.object({ return_to: z.string().optional() });
const tokenQuery = z.object({ token: z.string().optional() });
const idQuery = z.object({ id: z.string().optional() });

/** The browser goes to the error page with the reason; the details go to the log. */
async function failSignIn(
  svc: AuthServices,
  reply: FastifyReply,
  status: number,
  message: string,
): Promise<FastifyReply> {
  const id = await storeError(svc.ctx.db, flowError(status, 'oidc_sign_in_failed', message));
  return reply.redirect(`/error/${encodeURIComponent(id)}`, 303);
}

function issuerMessage(e: unknown): string {
  return e instanceof IssuerUnavailableError ? e.message : 'The identity provider is not available right now';
}

/** Claims of the ID token, plus the userinfo endpoint's for a group or organisation claim it left out. */
async function signInClaims(
  oidc: OidcClient,
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<Claims> {
  const lib = await loadOpenidClient();
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('the identity provider sent no ID token');
  const claims: Claims = { ...idClaims };
  const wanted = [oidc.cfg.roleClaim, oidc.cfg.orgClaim].filter((c): c is string => c !== undefined);
  if (wanted.some((c) => !(c in claims)) && config.serverMetadata().userinfo_endpoint) {
    const info = await lib.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    for (const [k, v] of Object.entries(info)) if (!(k in claims)) claims[k] = v;
  }
  return claims;
}

/**
 * AUTH_MODE=oidc: sign-in through an OpenID Connect issuer (authorization code with PKCE, state
 * and nonce), then the server's own session cookie, exactly as a built-in sign-in; logout ends
 * it and, when the issuer offers it, signs out there too (RP-initiated logout).
 */
export async function oidcRoutes(app: FastifyInstance, svc: AuthServices, oidc: OidcClient): Promise<void> {
  const { db, config } = svc.ctx;
  const publicUrl = config.auth.publicUrl;
  const redirectUri = consoleUrl(publicUrl, CALLBACK_PATH);

  app.get('/api/auth/oidc/login', async (req, reply) => {
    const { return_to } = returnToQuery.catch({}).parse(req.query);
    let issuerConfig: client.Configuration;
    try {
      issuerConfig = await oidc.configuration();
    } catch (e) {
      req.log.warn({ err: e }, 'OIDC discovery failed');
      return failSignIn(svc, reply, 503, issuerMessage(e));
    }
    const lib = await loadOpenidClient();
    const attempt = {
      state: lib.randomState(),
      nonce: lib.randomNonce(),
      verifier: lib.randomPKCECodeVerifier(),
      // The one return_to rule of every flow (flows/http.ts); anything else → home.
      returnTo: checkReturnTo(req, svc, return_to) || '/',
    };
    setAttemptCookie(svc, req, reply, attempt);
    const url = lib.buildAuthorizationUrl(issuerConfig, {
      redirect_uri: redirectUri,
      scope: oidc.cfg.scopes,
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: await lib.calculatePKCECodeChallenge(attempt.verifier),
      code_challenge_method: 'S256',
    });
    return reply.redirect(url.href, 303);
  });

  app.get(CALLBACK_PATH, async (req, reply) => {
    const attempt = readAttemptCookie(svc, req);
    clearAttemptCookie(svc, req, reply);
    if (!attempt)
      return failSignIn(
        svc,
        reply,
        400,
        'The sign-in attempt expired or was not started here: please sign in again',
      );
    let issuerConfig: client.Configuration;
    try {
      issuerConfig = await oidc.configuration();
    } catch (e) {
      req.log.warn({ err: e }, 'OIDC discovery failed');
      return failSignIn(svc, reply, 503, issuerMessage(e));
    }
    let claims: Claims;
    let idToken: string | undefined;
    try {
      const current = new URL(redirectUri);
      current.search = new URL(req.url, 'http://callback').search;
      // openid-client checks state, the issuer's answer, and the ID token: signature (JWKS),
      // issuer, audience, expiry and nonce; PKCE proves this browser started the attempt.
      const lib = await loadOpenidClient();
      const tokens = await lib.authorizationCodeGrant(issuerConfig, current, {
        pkceCodeVerifier: attempt.verifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      claims = await signInClaims(oidc, issuerConfig, tokens);
      idToken = tokens.id_token;
    } catch (e) {
      req.log.warn({ err: e }, 'OIDC sign-in refused');
      return failSignIn(
        svc,
        reply,
        401,
        `Sign-in with ${oidc.cfg.providerName} was refused: ${refusalReason(e)}`,
      );
    }
    const subject = String(claims.sub);
    const person = await signInExternal(db, {
      issuer: issuerConfig.serverMetadata().issuer,
      subject,
      name: nameFromClaims(claims, subject),
      email: emailFromClaims(claims),
      roles: rolesFromClaims(oidc.cfg, claims),
      organisations: claimList(claims, oidc.cfg.orgClaim),
    });
    if (person.kind !== 'person')
      return failSignIn(svc, reply, 403, 'This account has been removed or deactivated in Opsdeck');
    // Rotation at every sign-in, as with the built-in provider.
    const current = await sessionFromCookie(svc, req);
    if (current) await revokeSession(db, current.session.id);
    const { session, token } = await createSession(db, config.auth, person.personId, 'aal1', [
      { method: 'oidc', aal: 'aal1', completed_at: new Date().toISOString() },
    ]);
    await db.query('UPDATE auth_sessions SET id_token = $2 WHERE id = $1', [session.id, idToken ?? null]);
    setSessionCookie(svc, req, reply, token);
    return reply.redirect(checkReturnTo(req, svc, attempt.returnTo) || '/', 303);
  });

  // The web app's session check, Kratos-shaped as in the other modes.
  app.get('/api/auth/sessions/whoami', async (req, reply) => {
    const current = await sessionFromCookie(svc, req);
    const body = current ? await oidcSessionJson(db, current.session) : null;
    if (!body)
      return reply
        .code(401)
        .send({ error: { id: 'session_inactive', code: 401, message: 'No active session' } });
    return body;
  });

  // Sign out as in the other modes: the web app asks for a logout URL, then opens it.
  app.get('/api/auth/self-service/logout/browser', async (req, reply) => {
    const current = await sessionFromCookie(svc, req);
    if (!current)
      return reply
        .code(401)
        .send({ error: { id: 'session_inactive', code: 401, message: 'No active session' } });
    const token = await newLogoutToken(db, current.session.id);
    return {
      logout_url: consoleUrl(publicUrl, `/api/auth/self-service/logout?token=${token}`),
      logout_token: token,
    };
  });

  app.get('/api/auth/self-service/logout', async (req, reply) => {
    const { token } = tokenQuery.catch({}).parse(req.query);
    const session = await findSessionByLogoutToken(db, token ?? '');
    if (!session)
      return reply
        .code(401)
        .send({ error: { id: 'session_inactive', code: 401, message: 'No active session' } });
    const { rows } = await db.query<{ id_token: string | null }>(
      'SELECT id_token FROM auth_sessions WHERE id = $1',
      [session.id],
    );
    await revokeSession(db, session.id);
    clearSessionCookie(svc, req, reply);
    const afterLogout = consoleUrl(publicUrl, LOGIN_PAGE);
    const endSession = await endSessionUrl(oidc, afterLogout, rows[0]?.id_token ?? null).catch(() => null);
    return reply.redirect(endSession ?? LOGIN_PAGE, 303);
  });

  // The error page reads why a sign-in failed.
  app.get('/api/auth/self-service/errors', async (req, reply) => {
    const { id } = idQuery.catch({}).parse(req.query);
    const found = await loadError(db, id ?? '');
    if (!found)
      return reply.code(404).send({ error: { code: 404, status: 'Not Found', message: 'Error not found' } });
    return found;
  });
}

/** The library's reason: openid-client wraps the precise one (which claim, which check) as the cause. */
function refusalReason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? e.cause.message : e.message;
}

/** The issuer's end-session URL when its discovery names one (RP-initiated logout), else null. */
async function endSessionUrl(
  oidc: OidcClient,
  afterLogout: string,
  idToken: string | null,
): Promise<string | null> {
  const lib = await loadOpenidClient();
  const issuerConfig = await oidc.configuration();
  if (!issuerConfig.serverMetadata().end_session_endpoint) return null;
  // Some issuers (Okta) insist on id_token_hint; client_id serves the others.
  const params: Record<string, string> = {
    client_id: oidc.cfg.clientId,
    post_logout_redirect_uri: afterLogout,
  };
  if (idToken) params.id_token_hint = idToken;
  return lib.buildEndSessionUrl(issuerConfig, params).href;
}
