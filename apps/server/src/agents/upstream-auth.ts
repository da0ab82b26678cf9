import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/index.js';
import type { Db } from '../db/types.js';
import { HttpError } from '../platform/http-error.js';
import type { Pusher } from './upstream-push.js';

/** The access token in Authorization: Bearer, or Basic with the user `token`. */
function tokenOf(req: FastifyRequest): string | null {
  const [scheme, value = ''] = (req.headers.authorization ?? '').split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.startsWith('token:') ? decoded.slice('token:'.length) : null;
  }
  return null;
}

/**
 * The agent a /api/upstream request comes from. The token is checked in the one token store
 * (the auth guard has checked it too, except with AUTH_MODE=none, where it checks nothing):
 * no valid token is a 401 (a deleted agent's tokens expired with it); a valid token of
 * someone who is not a live agent is a 403.
 */
export async function requireAgent(db: Db, req: FastifyRequest): Promise<Pusher> {
  const token = tokenOf(req);
  const personId = token ? await verifyAccessToken(db, token) : null;
  if (!personId)
    throw new HttpError(
      401,
      'Agent credentials required: an agent access token (Bearer or Basic token:<token>)',
    );
  // Only an agent person (made by generating the agent) acts as an agent: a row that names
  // someone else (written before migration 135) does not turn their tokens into agent tokens.
  const { rows } = await db.query<{ id: string }>(
    `SELECT a.id FROM agents a JOIN people p ON p.id = a.person_id
      WHERE a.person_id = $1 AND a.deleted_at IS NULL AND p.type = 'agent'`,
    [personId],
  );
  const agent = rows[0];
  if (!agent) throw new HttpError(403, 'Forbidden: this token does not belong to an agent');
  return { agentId: agent.id, personId };
}
