import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { loadUndici } from '../lib/packages.js';
import { CSRF_COOKIE } from './flows/http.js';
import { sha256 } from './secrets.js';
import { SESSION_COOKIE } from './sessions.js';

const kratosSession = z.object({
  active: z.boolean().optional(),
  identity: z.object({
    id: z.string().min(1),
    state: z.string().optional(),
    traits: z.looseObject({
      email: z.string().optional(),
      name: z
        .union([z.object({ first: z.string().optional(), last: z.string().optional() }), z.string()])
        .optional(),
    }),
    verifiable_addresses: z
      .array(
        z.looseObject({ value: z.string(), via: z.string().optional(), verified: z.boolean().optional() }),
      )
      .optional(),
  }),
});

/** What Opsdeck keeps of a Kratos identity. */
export type KratosIdentity = {
  id: string;
  email: string | null;
  /** Kratos lists the email among its verifiable addresses as verified. */
  emailVerified: boolean;
  name: string;
};

type WhoamiResult =
  { kind: 'session'; identity: KratosIdentity } | { kind: 'none' } | { kind: 'unavailable'; message: string };

const OWN_COOKIES: ReadonlySet<string> = new Set([SESSION_COOKIE, CSRF_COOKIE]);

/**
 * The request's cookies without Opsdeck's own. Kratos's cookie names are configurable
 * (`session.cookie.name`, CSRF cookies named per deployment), so the rest goes as it is: those
 * are cookies of this console's origin, which Kratos shares when it sits behind this proxy.
 */
export function cookiesForKratos(header: string | undefined): string {
  if (!header) return '';
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !OWN_COOKIES.has(part.split('=', 1)[0]?.trim() ?? ''))
    .join('; ');
}

function identityOf(body: unknown): WhoamiResult {
  const parsed = kratosSession.safeParse(body);
  if (!parsed.success || parsed.data.active === false) return { kind: 'none' };
  const { id, state, traits, verifiable_addresses: addresses = [] } = parsed.data.identity;
  if (state !== undefined && state !== 'active') return { kind: 'none' };
  const email = traits.email?.trim() || null;
  const emailVerified =
    email !== null &&
    addresses.some(
      (a) =>
        a.verified === true &&
        (a.via === undefined || a.via === 'email') &&
        a.value.trim().toLowerCase() === email.toLowerCase(),
    );
  const name =
    typeof traits.name === 'string'
      ? traits.name.trim()
      : `${traits.name?.first ?? ''} ${traits.name?.last ?? ''}`.trim();
  return { kind: 'session', identity: { id, email, emailVerified, name: name || email || 'Kratos user' } };
}

type CacheEntry = { expires: number; result: Promise<WhoamiResult> };

/**
 * Asks Kratos's sessions/whoami who a cookie belongs to, with a timeout, and remembers the
 * answer briefly (keyed by a hash of the cookies, bounded in size) so the many API calls of
 * one page load share a single call; concurrent calls share the one in flight. Outages are
 * not remembered. Only the cookies go to Kratos, never Opsdeck's Authorization header.
 */
export class KratosSessions {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 1000,
  ) {}

  whoami(cookies: string): Promise<WhoamiResult> {
    const key = sha256(cookies);
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.result;
    this.cache.delete(key);
    const result = this.ask(cookies);
    while (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
    }
    const entry = { expires: now + this.ttlMs, result };
    this.cache.set(key, entry);
    void result.then((r) => {
      if (r.kind === 'unavailable' && this.cache.get(key) === entry) this.cache.delete(key);
    });
    return result;
  }

  private async ask(cookies: string): Promise<WhoamiResult> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const { request } = await loadUndici();
      const res = await request(`${this.baseUrl.replace(/\/+$/, '')}/sessions/whoami`, {
        headers: { cookie: cookies, accept: 'application/json' },
        signal,
      });
      const text = await res.body.text();
      // 401: no session; 403: Kratos wants a second factor first. Either way, not signed in here.
      if (res.statusCode === 401 || res.statusCode === 403) return { kind: 'none' };
      if (res.statusCode !== 200) {
        this.log.warn(`Kratos sessions/whoami answered ${res.statusCode}`);
        return { kind: 'unavailable', message: 'The identity service (Kratos) failed: try again shortly' };
      }
      try {
        return identityOf(JSON.parse(text));
      } catch {
        return { kind: 'none' };
      }
    } catch (e) {
      if (signal.aborted) {
        this.log.warn(`Kratos sessions/whoami did not answer within ${this.timeoutMs} ms`);
        return {
          kind: 'unavailable',
          message: 'The identity service (Kratos) did not answer in time: try again shortly',
        };
      }
      this.log.warn({ err: e }, 'Kratos sessions/whoami could not be reached');
      return {
        kind: 'unavailable',
        message: 'The identity service (Kratos) is unreachable: try again shortly',
      };
    }
  }
}
