import { can, parseDuration } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createAccessToken, deleteAccessToken, listAccessTokens } from './access-tokens.js';
import { TOO_MANY_ATTEMPTS } from './rate-limit.js';
import { limitKeys, type AuthServices } from './services.js';

const createBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  // "30d", "720h", "90m", an RFC 3339 time, or empty / "never" for no expiry.
  expiry: z
    .union([z.string(), z.number(), z.null()], {
      error: 'expiry: use a duration such as 30d, a date, a number of days, or never',
    })
    .optional(),
});

const DAY_MS = 86_400_000;
/** Tokens live at most ten years: beyond that a date is a typo, and far dates overflow. */
const MAX_EXPIRY_DAYS = 3650;

type Expiry = { at: Date | null } | { error: string };

/** A number is days from now; a string is a duration or a date; 0, empty or "never" is no expiry. */
function expiryDate(expiry: string | number | null | undefined, now = Date.now()): Expiry {
  if (expiry === undefined || expiry === null || expiry === '' || expiry === 'never' || expiry === 0)
    return { at: null };
  let at: number;
  if (typeof expiry === 'number') at = now + expiry * DAY_MS;
  else {
    // A plain number in a string is seconds, as config durations are.
    const ms = parseDuration(expiry, { defaultUnit: 's' });
    at = ms === undefined ? Date.parse(expiry) : now + ms;
  }
  // NaN is an unreadable string; Infinity (1e308 days) falls to the range check below.
  if (Number.isNaN(at) || at <= now) {
    return { error: 'expiry: use a duration such as 30d or 720h, a future date, or never' };
  }
  if (at > now + MAX_EXPIRY_DAYS * DAY_MS) {
    return { error: `expiry: at most ${MAX_EXPIRY_DAYS} days (10 years) ahead, or never` };
  }
  return { at: new Date(at) };
}

/** Personal access tokens: created for the caller, shown once, listed and revoked. */
export async function tokenRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  const { db } = svc.ctx;

  app.post('/api/auth/create_token', async (req, reply) => {
    const principal = req.principal;
    if (!principal) return reply.code(401).send({ error: 'Authentication required' });
    if (!(await svc.limiter.hit(limitKeys(svc, 'token', req.ip, principal.personId)))) {
      return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
    }
    const body = createBody.parse(req.body ?? {});
    const expiry = expiryDate(body.expiry);
    if ('error' in expiry) return reply.code(400).send({ error: expiry.error });
    const expiresAt = expiry.at;
    const { id, token } = await createAccessToken(db, principal.personId, body.name, expiresAt);
    return reply.code(201).send({ message: 'success', payload: { id, token, expires_at: expiresAt } });
  });

  app.get('/api/auth/tokens', async (req, reply) => {
    const principal = req.principal;
    if (!principal) return reply.code(401).send({ error: 'Authentication required' });
    const all = can(await principal.roles(), 'identities', 'write');
    return listAccessTokens(db, principal.personId, all);
  });

  app.delete('/api/auth/token/:id', async (req, reply) => {
    const principal = req.principal;
    if (!principal) return reply.code(401).send({ error: 'Authentication required' });
    const { id } = z.object({ id: z.uuid('id must be a UUID') }).parse(req.params);
    const any = can(await principal.roles(), 'identities', 'write');
    if (!(await deleteAccessToken(db, id, principal.personId, any))) {
      return reply.code(404).send({ error: 'Token not found' });
    }
    return { message: 'success' };
  });
}
