import { playbookResourceSchema, playbookSpecJsonSchema } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The JSON Schemas of a playbook spec and of the whole Playbook document, for editors. */
export async function schemaRoutes(app: FastifyInstance): Promise<void> {
  const spec = playbookSpecJsonSchema();
  const document = z.toJSONSchema(playbookResourceSchema, { io: 'input', unrepresentable: 'any' });
  app.get('/api/schemas/playbook-spec.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(spec),
  );
  app.get('/api/schemas/playbook.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(document),
  );
}
