import { incidentRuleJsonSchema } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { responderLookupRoutes } from './responder-lookups.js';

/** Incidents API: the JSON Schema the incident rule spec editor validates against, the responder lookups. */
export async function incidentsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const schema = builtOnFirstUse(incidentRuleJsonSchema);
  app.get('/api/schemas/incident-rule.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema()),
  );
  await responderLookupRoutes(app, ctx);
}
