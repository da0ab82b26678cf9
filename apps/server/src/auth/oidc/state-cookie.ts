import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthServices } from '../services.js';

/** Holds one sign-in attempt between the redirect to the issuer and its callback. */
export const OIDC_COOKIE = 'opsdeck_oidc';
const COOKIE_PATH = '/api/auth/oidc';
const LIFETIME_S = 600;

const attemptSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string(),
  expires: z.number(),
});
export type SignInAttempt = Omit<z.infer<typeof attemptSchema>, 'expires'>;

function secure(req: FastifyRequest, svc: AuthServices): boolean {
  return req.protocol === 'https' || (svc.ctx.config.auth.publicUrl ?? '').startsWith('https:');
}

/** Sealed (AES-GCM with the server key): the browser can neither read nor alter it. */
export function setAttemptCookie(
  svc: AuthServices,
  req: FastifyRequest,
  reply: FastifyReply,
  attempt: SignInAttempt,
): void {
  const sealed = svc.box.seal(JSON.stringify({ ...attempt, expires: Date.now() + LIFETIME_S * 1000 }));
  // Lax: the issuer sends the browser back with a top-level GET, which carries Lax cookies.
  reply.setCookie(OIDC_COOKIE, sealed, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, svc),
    maxAge: LIFETIME_S,
  });
}

/** The attempt this browser started, or null when missing, altered or expired. */
export function readAttemptCookie(svc: AuthServices, req: FastifyRequest): SignInAttempt | null {
  const sealed = req.cookies[OIDC_COOKIE];
  if (!sealed) return null;
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(svc.box.open(sealed)));
    if (!parsed.success || parsed.data.expires < Date.now()) return null;
    const { expires: _expires, ...attempt } = parsed.data;
    return attempt;
  } catch {
    return null;
  }
}

/** One attempt, one callback: the cookie goes whatever the outcome. */
export function clearAttemptCookie(svc: AuthServices, req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(OIDC_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, svc),
  });
}
