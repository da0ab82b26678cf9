import { incidentRuleJsonSchema } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';

/** Incidents API: for now, the JSON Schema the incident rule spec editor validates against. */
export async function incidentsRoutes(app: FastifyInstance): Promise<void> {
  const schema = incidentRuleJsonSchema();
  app.get('/api/schemas/incident-rule.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema),
  );
}
