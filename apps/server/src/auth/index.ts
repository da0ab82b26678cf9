import type { DomainModule } from '../platform/domain.js';
import { installAuth } from './guard.js';
import { rateLimitCleanup } from './rate-limit.js';
import { authRoutes } from './routes.js';
import { featureFlagsSeed, peopleSeed } from './seed.js';
import { forgetCachedSessions } from './session-cache.js';
import type { AuthServices } from './services.js';

export { createAccessToken, verifyAccessToken } from './access-tokens.js';
export { rbacDataAccess } from './data-access.js';
export { passwordBanner } from './password-banner.js';
export { MemoryRateLimiter } from './rate-limit.js';
export { resetPassword, ResetPasswordError } from './reset-password.js';

/** Built once per server by `install`, handed to the auth routes through the root instance. */
const SERVICES = 'authServices';

/**
 * Identity and access: the guard on every /api route, sign-in flows, sessions, access tokens,
 * people, roles and properties.
 */
export const authDomain: DomainModule = {
  name: 'auth',
  // The guard is a root-level onRequest hook: it must be in place before any domain's routes.
  async install(app, ctx) {
    app.decorate(SERVICES, await installAuth(app, ctx));
  },
  routes: (app) => authRoutes(app, app.getDecorator<AuthServices>(SERVICES)),
  jobs: [rateLimitCleanup],
  seeds: [peopleSeed, featureFlagsSeed],
  // A person deleted through the data API loses their cached sessions before the answer.
  writeHooks: { people: { afterWrite: async () => forgetCachedSessions() } },
};
