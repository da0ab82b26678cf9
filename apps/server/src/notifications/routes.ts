import { notificationJsonSchema } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';

/** Notifications API: for now, the JSON Schema the rule spec editor validates against. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const schema = notificationJsonSchema();
  app.get('/api/schemas/notification.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema),
  );
}
