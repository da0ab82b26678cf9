import type { FastifyInstance } from 'fastify';
import { splitName } from './identities.js';
import type { AuthServices } from './services.js';

/**
 * AUTH_MODE=none: sessions/whoami answers with a Kratos-shaped session of the local admin,
 * so the web app's session check works the same in every mode.
 */
export async function localSessionRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  app.get('/api/auth/sessions/whoami', async (_req, reply) => {
    const { rows } = await svc.ctx.db.query<{
      id: string;
      name: string;
      email: string | null;
      created_at: Date;
    }>('SELECT id, name, email, created_at FROM people WHERE id = $1', [svc.localAdminId]);
    const person = rows[0];
    if (!person)
      return reply
        .code(401)
        .send({ error: { id: 'session_inactive', code: 401, message: 'No local admin' } });
    return {
      id: 'local',
      active: true,
      authenticator_assurance_level: 'aal1',
      authenticated_at: person.created_at,
      identity: {
        id: person.id,
        schema_id: 'default',
        state: 'active',
        traits: { email: person.email ?? '', name: splitName(person.name) },
      },
    };
  });
}
