import { loggingBackendJsonSchema } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';

/** Logs API: for now, the JSON Schema the logging backend spec editor validates against. */
export async function logsRoutes(app: FastifyInstance): Promise<void> {
  const schema = loggingBackendJsonSchema();
  app.get('/api/schemas/logging-backend.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema),
  );
}
