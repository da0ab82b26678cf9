import os from 'node:os';
import { permissionsFor } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { organisationsFor } from './oidc/organisations.js';
import type { AuthServices } from './services.js';

type PersonRow = { id: string; name: string; email: string | null; avatar: string | null };

/** GET /api/auth/whoami: the signed-in person, roles and permissions (the UI's guards read this). */
export async function whoamiRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  app.get('/api/auth/whoami', async (req, reply) => {
    const principal = req.principal;
    if (!principal) return reply.code(401).send({ error: 'Authentication required' });
    const { rows } = await svc.ctx.db.query<PersonRow>(
      'SELECT id, name, email, avatar FROM people WHERE id = $1',
      [principal.personId],
    );
    const user = rows[0];
    if (!user) return reply.code(401).send({ error: 'Authentication required' });
    const roles = await principal.roles();
    const { oidc, publicUrl } = svc.ctx.config.auth;
    // AUTH_MODE=oidc: the organisations the user menu switches between.
    const organisations = oidc ? await organisationsFor(svc.ctx.db, oidc, publicUrl, user.id) : undefined;
    return {
      message: 'success',
      payload: { user, roles, permissions: permissionsFor(roles), hostname: os.hostname(), organisations },
    };
  });
}
