import type { ServerContext } from '../context.js';
import type { Mailer } from './mail.js';
import type { OidcClient } from './oidc/client.js';
import type { RateLimiter } from './rate-limit.js';
import type { SessionCache } from './session-cache.js';
import type { SessionWithPerson } from './sessions.js';
import type { SecretBox } from '../lib/secrets/index.js';

/** What the auth hook and routes share, built once per server by installAuth. */
export type AuthServices = {
  ctx: ServerContext;
  limiter: RateLimiter;
  mailer: Mailer;
  box: SecretBox;
  /** AUTH_MODE=none: every request acts as this person. */
  localAdminId: string | null;
  /** AUTH_MODE=oidc: the issuer's client (discovery at first use). */
  oidc: OidcClient | null;
  /** Sessions the route guard checked, reused for a few seconds (SESSION_CACHE). */
  sessions: SessionCache<SessionWithPerson>;
};

/** Per-account and per-IP keys for one rate-limited endpoint family. */
export function limitKeys(svc: AuthServices, family: string, ip: string, account?: string) {
  const { perAccount, perIp } = svc.ctx.config.auth.rateLimit;
  const keys = [{ key: `${family}:ip:${ip}`, limit: perIp }];
  if (account) keys.push({ key: `${family}:account:${account.trim().toLowerCase()}`, limit: perAccount });
  return keys;
}
