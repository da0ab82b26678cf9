import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { buildInfo } from '../version.js';

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

  app.get('/metrics', async (_req, reply) => {
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
