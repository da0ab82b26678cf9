import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadUndici } from '../lib/packages.js';
import { personForKratos } from './kratos-people.js';
import { cookiesForKratos, KratosSessions } from './kratos-session.js';
import type { AuthServices } from './services.js';

function base(svc: AuthServices): string {
  return (svc.ctx.config.auth.kratosUrl ?? '').replace(/\/$/, '');
}

// One whoami cache per server: AuthServices is built once per server (tests run several).
const sessionsByServer = new WeakMap<AuthServices, KratosSessions>();

function kratosSessions(svc: AuthServices): KratosSessions {
  let sessions = sessionsByServer.get(svc);
  if (!sessions) {
    sessions = new KratosSessions(base(svc), svc.ctx.config.auth.kratosTimeoutMs, svc.ctx.log);
    sessionsByServer.set(svc, sessions);
  }
  return sessions;
}

type KratosResolution =
  | { kind: 'person'; personId: string }
  | { kind: 'none' }
  | { kind: 'error'; status: 403 | 503; error: string };

/**
 * AUTH_MODE=kratos: asks Kratos who the request's cookies belong to (cached briefly, with a
 * timeout) and maps that identity to a person (kratos-people.ts). The mapping is read on
 * every request, so deleting the person in Opsdeck takes effect at once.
 */
export async function kratosPrincipal(svc: AuthServices, req: FastifyRequest): Promise<KratosResolution> {
  const cookies = cookiesForKratos(req.headers.cookie);
  if (!cookies) return { kind: 'none' };
  const who = await kratosSessions(svc).whoami(cookies);
  if (who.kind === 'unavailable') return { kind: 'error', status: 503, error: who.message };
  if (who.kind === 'none') return who;
  const person = await personForKratos(svc.ctx.db, who.identity);
  if (person.kind === 'removed') {
    return {
      kind: 'error',
      status: 403,
      error: 'This account was removed from Opsdeck: ask an administrator for access',
    };
  }
  return person;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
]);

/**
 * Opsdeck's own credentials stay here: an access token in Authorization means nothing to Kratos
 * and must not leak to it. Cookies go through cookiesForKratos (Opsdeck's own removed).
 */
const NOT_FOR_KRATOS = new Set(['authorization', 'cookie']);

/** Forwards the self-service API and sessions/whoami to Kratos, cookies and redirects included. */
export async function kratosProxyRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const timeoutMs = svc.ctx.config.auth.kratosTimeoutMs;
  const forward = async (req: FastifyRequest, path: string, signal: AbortSignal) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !HOP_BY_HOP.has(k) && !NOT_FOR_KRATOS.has(k)) headers[k] = v;
    }
    const cookies = cookiesForKratos(req.headers.cookie);
    if (cookies) headers.cookie = cookies;
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const body = Buffer.isBuffer(req.body) ? req.body : undefined;
    const { request } = await loadUndici();
    return request(`${base(svc)}${path}${query}`, {
      method: req.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      headers,
      body: body && req.method !== 'GET' && req.method !== 'HEAD' ? body : undefined,
      signal,
    });
  };
  const handler =
    (path: (req: FastifyRequest) => string) => async (req: FastifyRequest, reply: FastifyReply) => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const res = await forward(req, path(req), signal);
        const body = Buffer.from(await res.body.arrayBuffer());
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined && !HOP_BY_HOP.has(k)) reply.header(k, v);
        }
        return reply.code(res.statusCode).send(body);
      } catch (e) {
        if (signal.aborted) {
          req.log.warn(`Kratos ${path(req)} did not answer within ${timeoutMs} ms`);
          return reply
            .code(504)
            .send({ error: 'The identity service (Kratos) did not answer in time: try again shortly' });
        }
        req.log.warn({ err: e }, `Kratos ${path(req)} could not be reached`);
        return reply
          .code(502)
          .send({ error: 'The identity service (Kratos) is unreachable: try again shortly' });
      }
    };
  app.all(
    '/api/auth/self-service/*',
    handler((req) => `/self-service/${(req.params as { '*': string })['*']}`),
  );
  app.get(
    '/api/auth/sessions/whoami',
    handler(() => '/sessions/whoami'),
  );
}
