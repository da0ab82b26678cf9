import cookie from '@fastify/cookie';
import { can, type Action, type Resource } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { bootstrapIdentity } from './bootstrap.js';
import { createMailer } from './mail.js';
import { isWriteMethod, sameOriginWrite } from './origin.js';
import { resolvePrincipal } from './principal.js';
import { RateLimiter } from './rate-limit.js';
import { SecretBox } from './secret-box.js';
import type { AuthServices } from './services.js';
import './types.js';

/** Paths under /api that answer without credentials. */
function isPublicApiPath(path: string): boolean {
  return (
    path === '/api/about' ||
    path.startsWith('/api/auth/self-service/') ||
    path === '/api/auth/sessions/whoami'
  );
}

/** APP_MODE=checker serves only these API paths (plus health, metrics and the web app). */
const CHECKER_API_PATHS = new Set(['/api/canary/api/summary', '/api/about']);

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
 * Sets up cookies, the first identity and the request hook that authenticates and authorizes
 * every /api route. Must run at the root, before the domain routes are registered.
 */
export async function installAuth(app: FastifyInstance, ctx: ServerContext): Promise<AuthServices> {
  const { config } = ctx;
  await app.register(cookie);
  app.decorateRequest('principal', null);
  const svc: AuthServices = {
    ctx,
    limiter: new RateLimiter(config.auth.rateLimit.windowMs),
    mailer: createMailer({
      smtpUrl: config.auth.smtpUrl,
      from: config.auth.smtpFrom,
      dataDir: config.dataDir,
      log: ctx.log,
    }),
    box: new SecretBox(config.auth.secretKey, config.dataDir),
    localAdminId: null,
  };
  svc.localAdminId = await bootstrapIdentity(svc);

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    const isApi = path === '/api' || path.startsWith('/api/');
    if (config.appMode === 'checker') {
      if (isApi && !CHECKER_API_PATHS.has(path)) {
        return reply.code(404).send({ error: `Route ${req.method} ${path} not found` });
      }
      return;
    }
    if (!isApi || isPublicApiPath(path) || req.routeOptions.config.public === true) return;
    // Unknown routes fall through to the JSON 404.
    if (req.routeOptions.url === undefined) return;
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
      return reply
        .code(403)
        .send({ error: 'Cross-site request refused: the Origin header does not match this server' });
    }
    const permission = req.routeOptions.config.permission;
    if (permission && !can(await principal.roles(), permission[0], permission[1])) {
      return reply.code(403).send(forbidden(permission[0], permission[1]));
    }
  });
  return svc;
}
