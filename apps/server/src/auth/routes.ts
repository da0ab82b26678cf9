import type { FastifyInstance } from 'fastify';
import { flowRoutes } from './flows/routes.js';
import { kratosProxyRoutes } from './kratos.js';
import { localSessionRoutes } from './local-session.js';
import { oidcRoutes } from './oidc/routes.js';
import { propertiesRoutes } from './properties-routes.js';
import { tokenRoutes } from './token-routes.js';
import { userRoutes } from './user-routes.js';
import type { AuthServices } from './services.js';
import { whoamiRoutes } from './whoami.js';

/** Every HTTP route of the identity and access area (docs/identity.md). */
export async function authRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  await whoamiRoutes(app, svc);
  await propertiesRoutes(app, svc);
  await tokenRoutes(app, svc);
  await userRoutes(app, svc);
  if (svc.ctx.config.auth.mode === 'kratos') {
    await app.register(async (scope) => kratosProxyRoutes(scope, svc));
  } else if (svc.oidc) {
    const oidc = svc.oidc;
    await app.register(async (scope) => oidcRoutes(scope, svc, oidc));
  } else if (svc.ctx.config.auth.mode === 'builtin') {
    await app.register(async (scope) => flowRoutes(scope, svc));
  } else {
    await localSessionRoutes(app, svc);
  }
}
