import type { FastifyInstance } from 'fastify';
import { kratosProxyRoutes } from './kratos.js';
import { propertiesRoutes } from './properties-routes.js';
import type { AuthServices } from './services.js';
import { whoamiRoutes } from './whoami.js';

/** Every HTTP route of the identity and access area (API.md "Identity"). */
export async function authRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  await whoamiRoutes(app, svc);
  await propertiesRoutes(app, svc);
  if (svc.ctx.config.auth.mode === 'kratos') {
    await app.register(async (scope) => kratosProxyRoutes(scope, svc));
  }
}
