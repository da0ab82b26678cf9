import type { FastifyInstance } from 'fastify';
import type { AuthServices } from './services.js';

/** GET /api/properties: feature flags as [{name, value}] for any signed-in user. */
export async function propertiesRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  app.get('/api/properties', async () => {
    const { rows } = await svc.ctx.db.query<{ name: string; value: string; source: string }>(
      'SELECT name, value, source FROM properties ORDER BY name',
    );
    return rows;
  });
}
