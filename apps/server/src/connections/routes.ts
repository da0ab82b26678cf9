import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { testConnection, testUnsavedConnection } from './test-connection.js';

/**
 * POST /api/connection/test/{id} (a stored connection) and POST /api/connection/test (the
 * form's values, before saving): only roles that may write connections (admin) test them.
 */
export async function connectionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  /** `{{port}}` and `{{dataDir}}` in a URL, as check specs have them. */
  const serverVars = () => {
    const bound = app.server.address();
    const port = bound && typeof bound === 'object' ? bound.port : ctx.config.port;
    return { port: String(port), dataDir: ctx.config.dataDir };
  };
  app.post<{ Params: { id: string } }>(
    '/api/connection/test/:id',
    { config: { permission: ['connections', 'write'] } },
    async (req, reply) => {
      const answer = await testConnection(ctx, req.params.id, serverVars());
      return reply.code(answer.status).send(answer.body);
    },
  );
  app.post(
    '/api/connection/test',
    { config: { permission: ['connections', 'write'] } },
    async (req, reply) => {
      const answer = await testUnsavedConnection(ctx, req.body, serverVars());
      return reply.code(answer.status).send(answer.body);
    },
  );
}
