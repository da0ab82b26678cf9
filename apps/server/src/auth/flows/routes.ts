import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionFromCookie } from '../principal.js';
import { consoleUrl } from '../origin.js';
import { safeEqual, sha256 } from '../secrets.js';
import type { AuthServices } from '../services.js';
import { createSession, findSessionByLogoutToken, newLogoutToken, revokeSession } from '../sessions.js';
import { ERRORS, flowError, loadError, storeError, type FlowError } from './errors.js';
import {
  checkReturnTo,
  clearSessionCookie,
  CSRF_COOKIE,
  ensureCsrfCookie,
  setSessionCookie,
  UI_PAGES,
  wantsJson,
} from './http.js';
import { loginFlow } from './login.js';
import { recoveryFlow } from './recovery.js';
import { registrationFlow } from './registration.js';
import { sessionJson } from './session-json.js';
import { createSettingsFlow, settingsFlow } from './settings.js';
import { flowJson, isExpired, loadFlow, type FlowRow, type FlowType } from './store.js';
import type { FlowHandler, FlowRequest, SubmitResult } from './types.js';
import { verificationFlow } from './verification.js';

const HANDLERS: Record<FlowType, FlowHandler> = {
  login: loginFlow,
  registration: registrationFlow,
  recovery: recoveryFlow,
  verification: verificationFlow,
  settings: settingsFlow,
};

const kindParams = z.object({
  kind: z.enum(['login', 'registration', 'recovery', 'verification', 'settings']),
});
const query = z.record(z.string(), z.union([z.string(), z.array(z.string())]).optional());

function firstValues(q: unknown): Record<string, string | undefined> {
  const parsed = query.safeParse(q);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

function actionUrl(svc: AuthServices, flow: FlowRow): string {
  return consoleUrl(svc.ctx.config.auth.publicUrl, `/api/auth/self-service/${flow.type}?flow=${flow.id}`);
}

function present(svc: AuthServices, flow: FlowRow) {
  return flowJson({ ...flow, ui: { ...flow.ui, action: actionUrl(svc, flow) } });
}

/** JSON clients get the error; browsers are sent to the error page (or the UI, for known cases). */
async function sendError(svc: AuthServices, req: FastifyRequest, reply: FastifyReply, err: FlowError) {
  if (wantsJson(req)) return reply.code(err.status).send(err.body);
  const redirect = err.body.redirect_browser_to;
  if (typeof redirect === 'string') return reply.redirect(redirect, 303);
  if (err.body.error.id === 'session_already_available') return reply.redirect('/', 303);
  if (err.body.error.id === 'session_inactive') return reply.redirect(UI_PAGES.login, 303);
  const id = await storeError(svc.ctx.db, err);
  return reply.redirect(`/error/${encodeURIComponent(id)}`, 303);
}

async function flowRequest(
  svc: AuthServices,
  req: FastifyRequest,
  reply: FastifyReply,
  returnTo: string | null,
) {
  const fr: FlowRequest = {
    svc,
    req,
    reply,
    current: await sessionFromCookie(svc, req),
    csrf: ensureCsrfCookie(svc, req, reply),
    returnTo,
  };
  return fr;
}

/** Form posts arrive urlencoded or as JSON; both become a flat record of values. */
function bodyRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

async function respond(
  svc: AuthServices,
  req: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  result: SubmitResult,
) {
  const json = wantsJson(req);
  switch (result.kind) {
    case 'flow':
      if (json) return reply.code(result.status).send(present(svc, result.flow));
      return reply.redirect(`${UI_PAGES[flow.type]}?flow=${flow.id}`, 303);
    case 'done':
      return json ? reply.code(200).send(result.body) : reply.redirect(result.redirectTo, 303);
    case 'redirect':
      return json
        ? sendError(svc, req, reply, ERRORS.locationChange(result.to))
        : reply.redirect(result.to, 303);
    case 'error':
      return sendError(svc, req, reply, result.error);
  }
}

/** The Kratos self-service API: browser flows, flow lookup and submission, errors, logout, whoami. */
export async function flowRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  const { db } = svc.ctx;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/api/auth/self-service/:kind/browser', async (req, reply) => {
    const { kind } = kindParams.parse(req.params);
    const q = firstValues(req.query);
    const returnTo = checkReturnTo(req, svc, q.return_to);
    if (returnTo === false) return sendError(svc, req, reply, ERRORS.returnTo());
    const fr = await flowRequest(svc, req, reply, returnTo);
    const created = await HANDLERS[kind].create(fr, q);
    if ('status' in created) return sendError(svc, req, reply, created);
    if (wantsJson(req)) return reply.code(200).send(present(svc, created));
    return reply.redirect(`${UI_PAGES[kind]}?flow=${created.id}`, 303);
  });

  app.get('/api/auth/self-service/:kind/flows', async (req, reply) => {
    const { kind } = kindParams.parse(req.params);
    const flow = await loadFlow(db, firstValues(req.query).id ?? '');
    if (!flow || flow.type !== kind) return reply.code(404).send(ERRORS.notFound().body);
    if (isExpired(flow)) return reply.code(410).send(ERRORS.expired().body);
    if (kind === 'settings') {
      const current = await sessionFromCookie(svc, req);
      if (!current) return reply.code(401).send(ERRORS.inactive().body);
      if (current.session.identity_id !== flow.identity_id)
        return reply.code(403).send(ERRORS.identityMismatch().body);
    }
    return present(svc, flow);
  });

  app.post('/api/auth/self-service/:kind', async (req, reply) => {
    const { kind } = kindParams.parse(req.params);
    const flow = await loadFlow(db, firstValues(req.query).flow ?? '');
    if (!flow || flow.type !== kind) return sendError(svc, req, reply, ERRORS.notFound());
    if (isExpired(flow)) return sendError(svc, req, reply, ERRORS.expired());
    const body = bodyRecord(req.body);
    const sent = typeof body.csrf_token === 'string' ? body.csrf_token : '';
    const cookie = req.cookies[CSRF_COOKIE] ?? '';
    if (!sent || !safeEqual(sent, flow.csrf_token) || !safeEqual(cookie, flow.csrf_token)) {
      return sendError(svc, req, reply, ERRORS.csrf());
    }
    // Checked again on the way out: a flow stored before this rule was tightened may hold one.
    flow.return_to = checkReturnTo(req, svc, flow.return_to ?? undefined) || null;
    const fr = await flowRequest(svc, req, reply, flow.return_to);
    const result = await HANDLERS[kind].submit(fr, flow, body);
    return respond(svc, req, reply, flow, result);
  });

  app.get('/api/auth/self-service/errors', async (req, reply) => {
    const found = await loadError(db, firstValues(req.query).id ?? '');
    if (!found)
      return reply.code(404).send({ error: { code: 404, status: 'Not Found', message: 'Error not found' } });
    return found;
  });

  app.get('/api/auth/self-service/logout/browser', async (req, reply) => {
    const current = await sessionFromCookie(svc, req);
    if (!current) return reply.code(401).send(ERRORS.inactive().body);
    const token = await newLogoutToken(db, current.session.id);
    const logoutUrl = consoleUrl(
      svc.ctx.config.auth.publicUrl,
      `/api/auth/self-service/logout?token=${token}`,
    );
    return { logout_url: logoutUrl, logout_token: token };
  });

  app.get('/api/auth/self-service/logout', async (req, reply) => {
    const q = firstValues(req.query);
    const session = await findSessionByLogoutToken(db, q.token ?? '');
    if (!session) return reply.code(401).send(ERRORS.inactive().body);
    await revokeSession(db, session.id);
    clearSessionCookie(svc, req, reply);
    if (wantsJson(req)) return reply.code(204).send();
    const returnTo = checkReturnTo(req, svc, q.return_to);
    return reply.redirect(returnTo || UI_PAGES.login, 303);
  });

  // Invite links (POST /api/auth/invite_user): one use, then a settings flow to set a password.
  app.get('/api/auth/self-service/invite', async (req, reply) => {
    const token = firstValues(req.query).token ?? '';
    const { rows } = await db.query<{ id: string; identity_id: string }>(
      `UPDATE auth_invites SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
         AND identity_id IN (SELECT id FROM identities WHERE state = 'active')
       RETURNING id, identity_id`,
      [sha256(token)],
    );
    const invite = rows[0];
    if (!invite) {
      return sendError(
        svc,
        req,
        reply,
        flowError(
          410,
          'self_service_flow_expired',
          'This invite link is invalid, used or expired: ask for a new invite.',
        ),
      );
    }
    await db.query(
      'UPDATE identities SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1',
      [invite.identity_id],
    );
    const fr = await flowRequest(svc, req, reply, null);
    if (fr.current) await revokeSession(db, fr.current.session.id);
    const { session, token: sessionToken } = await createSession(
      db,
      svc.ctx.config.auth,
      invite.identity_id,
      'aal1',
      [{ method: 'invite', aal: 'aal1', completed_at: new Date().toISOString() }],
    );
    setSessionCookie(svc, req, reply, sessionToken);
    const flow = await createSettingsFlow(
      { ...fr, current: { session, aal2Missing: false } },
      invite.identity_id,
    );
    const to = `${UI_PAGES.settings}?flow=${flow.id}`;
    return wantsJson(req) ? sendError(svc, req, reply, ERRORS.locationChange(to)) : reply.redirect(to, 303);
  });

  app.get('/api/auth/sessions/whoami', async (req, reply) => {
    const current = await sessionFromCookie(svc, req);
    if (!current) return reply.code(401).send(ERRORS.inactive().body);
    if (current.aal2Missing) return reply.code(403).send(ERRORS.aal2().body);
    return sessionJson(db, current.session);
  });
}
