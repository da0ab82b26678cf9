import { sameOriginReturnTo } from '@opsdeck/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownOrigins } from '../origin.js';
import { randomToken } from '../secrets.js';
import type { AuthServices } from '../services.js';
import { SESSION_COOKIE } from '../sessions.js';

export const CSRF_COOKIE = 'opsdeck_csrf';

function secure(req: FastifyRequest, svc: AuthServices): boolean {
  return req.protocol === 'https' || (svc.ctx.config.auth.publicUrl ?? '').startsWith('https:');
}

export function setSessionCookie(
  svc: AuthServices,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, svc),
    maxAge: Math.floor(svc.ctx.config.auth.sessionLifetimeMs / 1000),
  });
}

export function clearSessionCookie(svc: AuthServices, req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(req, svc) });
}

/** The browser's anti-CSRF token: reused from its cookie, or created and set. */
export function ensureCsrfCookie(svc: AuthServices, req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, svc),
  });
  return token;
}

/** Whether the client wants JSON (the web app) rather than redirects (a plain HTML form). */
export function wantsJson(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  const type = req.headers['content-type'] ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

/**
 * The one return_to check of every flow (login, registration, recovery, verification, settings,
 * logout, the OIDC sign-in): the address as a browser resolves it (tabs and newlines dropped,
 * `\` read as `/`) must stay on one of our origins (`sameOriginReturnTo`, the rule the web app
 * applies too). Answers the resolved address, null when none was given, false when refused.
 */
export function checkReturnTo(req: FastifyRequest, svc: AuthServices, value: unknown): string | null | false {
  if (value === undefined || value === '') return null;
  return sameOriginReturnTo(value, ownOrigins(req, svc.ctx.config.auth.publicUrl)) ?? false;
}

export const UI_PAGES = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
} as const;
