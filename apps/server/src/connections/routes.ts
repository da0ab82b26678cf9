import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { testConnection } from './test-connection.js';

/** POST /api/connection/test/{id}: only roles that may write connections (admin) test them. */
export async function connectionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post<{ Params: { id: string } }>(
    '/api/connection/test/:id',
    { config: { permission: ['connections', 'write'] } },
    async (req, reply) => {
      const bound = app.server.address();
      const port = bound && typeof bound === 'object' ? bound.port : ctx.config.port;
      const answer = await testConnection(ctx, req.params.id, {
        port: String(port),
        dataDir: ctx.config.dataDir,
      });
      return reply.code(answer.status).send(answer.body);
    },
  );
}
