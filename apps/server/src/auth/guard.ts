import cookie from '@fastify/cookie';
import { can, type Action, type Resource } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { bootstrapIdentity } from './bootstrap.js';
import { createMailer } from './mail.js';
import { allowedHostInNoneMode } from './host-check.js';
import { crossSiteRefusal, isWriteMethod, sameOriginWrite } from './origin.js';
import { isCheckerRoute, isPublicRoute, isWorkerRoute, routeKey } from './public-routes.js';
import { resolvePrincipal } from './principal.js';
import { OidcClient } from './oidc/client.js';
import { RateLimiter } from './rate-limit.js';
import { keepSessionCacheCurrent, SessionCache } from './session-cache.js';
import type { AuthServices } from './services.js';
import type { Principal } from './types.js';
import { secretBox } from '../lib/secrets/index.js';
import { HttpError } from '../platform/http-error.js';
import './types.js';

/** What a request sent to a worker replica is told (it may have been routed there by mistake). */
const WORKER_REFUSAL =
  'Not found: this is a worker replica (ROLE=worker); it runs checks, scrapes, events and ' +
  'playbooks and serves no API or web app. Send requests to a replica with ROLE=api or all';

export function forbidden(resource: Resource, action: Action): { error: string } {
  return { error: `Forbidden: you do not have permission to ${action} ${resource}` };
}

/**
 * A preHandler for routes that need a permission, for domains that prefer it over
 * `config: { permission: [resource, action] }`.
 */
export function requirePermission(resource: Resource, action: Action) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.principal) return reply.code(401).send({ error: 'Authentication required' });
    if (!can(await req.principal.roles(), resource, action))
      return reply.code(403).send(forbidden(resource, action));
  };
}

/** The person the request acts as (for created_by columns), or null when anonymous. */
export function currentPersonId(req: FastifyRequest): string | null {
  return req.principal?.personId ?? null;
}

/**
 * The second lock of handlers that act for a person (invites, roles, tokens…): the route guard
 * already refused anonymous requests, and the handler refuses them again in case a route is
 * ever mounted where the guard does not see it.
 */
export function requirePrincipal(req: FastifyRequest): Principal {
  if (!req.principal) throw new HttpError(401, 'Authentication required');
  return req.principal;
}

/** requirePrincipal plus the permission, for handlers that change who may do what. */
export async function requireCan(
  req: FastifyRequest,
  resource: Resource,
  action: Action,
): Promise<Principal> {
  const principal = requirePrincipal(req);
  if (!can(await principal.roles(), resource, action))
    throw new HttpError(403, forbidden(resource, action).error);
  return principal;
}

/**
 * Sets up cookies, the first identity and the request hook that authenticates and authorizes
 * every /api route. Must run at the root, before the domain routes are registered.
 */
export async function installAuth(app: FastifyInstance, ctx: ServerContext): Promise<AuthServices> {
  const { config } = ctx;
  await app.register(cookie);
  app.decorateRequest('principal', null);
  const svc: AuthServices = {
    ctx,
    limiter: new RateLimiter(ctx.db, config.auth.rateLimit.windowMs),
    mailer: createMailer({
      smtpUrl: config.auth.smtpUrl,
      from: config.auth.smtpFrom,
      dataDir: config.dataDir,
      log: ctx.log,
    }),
    box: secretBox(config),
    localAdminId: null,
    oidc: config.auth.oidc ? new OidcClient(config.auth.oidc) : null,
    // Only cookie sessions of our own (built-in sign-in and OIDC) are cached.
    sessions: new SessionCache(
      config.auth.mode === 'builtin' || config.auth.mode === 'oidc' ? config.auth.sessionCacheMs : 0,
    ),
  };
  // The first identity and the session cache's listener need the database, which may still be
  // opening while the app is built (server.ts): they run as the app is made ready, before it
  // serves a request.
  let stopSessionCache = async () => {};
  app.addHook('onReady', async () => {
    svc.localAdminId = await bootstrapIdentity(svc);
    stopSessionCache = await keepSessionCacheCurrent(ctx.db, svc.sessions, ctx.log);
  });
  app.addHook('onClose', () => stopSessionCache());

  // Decided from the route the router matched, never from the raw URL: `/%61pi/…`, `//api/…`
  // and absolute-form targets all reach the same route, and so the same decision.
  app.addHook('onRequest', async (req, reply) => {
    if (config.auth.mode === 'none' && !allowedHostInNoneMode(req, config)) {
      return reply.code(421).send({
        error:
          'Misdirected request: with AUTH_MODE=none this server answers only to loopback names ' +
          'and the host of PUBLIC_URL',
      });
    }
    const key = routeKey(req);
    if (config.role === 'worker' && !isWorkerRoute(key)) {
      return reply.code(404).send({ error: WORKER_REFUSAL });
    }
    // No route matched: the not-found handler answers (JSON 404 or the web app's index.html).
    if (key === null) return;
    if (config.appMode === 'checker') {
      if (!isCheckerRoute(req, key)) return reply.code(404).send({ error: 'Not found' });
      return;
    }
    if (isPublicRoute(req, key)) return;
    const resolved = await resolvePrincipal(svc, req);
    if (resolved.kind === 'error') return reply.code(resolved.status).send(resolved.body);
    if (resolved.kind === 'anonymous') return reply.code(401).send({ error: 'Authentication required' });
    const principal = resolved.principal;
    req.principal = principal;
    const cookieBased = principal.method === 'session' || principal.method === 'kratos';
    // Without sessions (AUTH_MODE=none) a browser still names the page that sent a write.
    const browserWithoutAuth = principal.method === 'none' && req.headers.origin !== undefined;
    if (
      (cookieBased || browserWithoutAuth) &&
      isWriteMethod(req.method) &&
      !sameOriginWrite(req, config.auth.publicUrl)
    ) {
      return reply.code(403).send({ error: crossSiteRefusal(req, config.auth.publicUrl) });
    }
    const permission = req.routeOptions.config.permission;
    if (permission && !can(await principal.roles(), permission[0], permission[1])) {
      return reply.code(403).send(forbidden(permission[0], permission[1]));
    }
  });
  return svc;
}
