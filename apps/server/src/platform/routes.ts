import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { buildInfo } from '../version.js';

/** Whether the header is `Bearer <expected>`, compared in constant time. */
function bearerIs(header: string | undefined, expected: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return false;
  const digest = (v: string) => crypto.createHash('sha256').update(v).digest();
  return crypto.timingSafeEqual(digest(m[1]), digest(expected));
}

/** Liveness, readiness, Prometheus metrics and version information. */
export async function platformRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    try {
      await ctx.db.query('SELECT 1');
      return { status: 'ok' };
    } catch (e) {
      return reply.code(503).send({ status: 'unavailable', error: (e as Error).message });
    }
  });

  // Public unless METRICS_TOKEN is set (docs/deploy.md lists what it exposes: no secrets, no
  // per-person data); with it, only `Authorization: Bearer <METRICS_TOKEN>`.
  app.get('/metrics', async (req, reply) => {
    const token = ctx.config.metricsToken;
    if (token !== undefined && !bearerIs(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
    }
    const body = await ctx.metrics.registry.metrics();
    return reply.type(ctx.metrics.registry.contentType).send(body);
  });

  app.get('/api/about', async () => ({
    version: buildInfo.version,
    commit: buildInfo.commit,
    database: ctx.db.kind,
    appMode: ctx.config.appMode,
    authMode: ctx.config.auth.mode,
    // Whether the sign-in page offers 'Create account' (AUTH_REGISTRATION).
    registration: ctx.config.auth.mode === 'builtin' && ctx.config.auth.registration,
    // AUTH_MODE=oidc: the label of the sign-in button ('Sign in with {provider}').
    oidcProvider: ctx.config.auth.oidc?.providerName,
  }));
}
