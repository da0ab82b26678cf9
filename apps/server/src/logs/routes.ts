import { loggingBackendJsonSchema, logSearchRequestSchema } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { outboundPolicy } from '../net/outbound.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { ensureDemoLogs } from './demo.js';
import { searchLogs } from './search.js';

/** Logs API: search a component's logs; the JSON Schema the logging backend spec editor validates against. */
export async function logsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (ctx.config.demo) ensureDemoLogs(ctx.config.dataDir);
  const schema = builtOnFirstUse(loggingBackendJsonSchema);
  app.get('/api/schemas/logging-backend.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema()),
  );

  // Reading logs is reading the topology: there is no separate 'logs' resource.
  app.post('/api/logs', { config: { permission: ['topologies', 'read'] } }, async (req, reply) => {
    const body = logSearchRequestSchema.parse(req.body ?? {});
    // A search over a huge file stops when the caller goes away.
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    return searchLogs(body, {
      db: ctx.db,
      config: ctx.config,
      outbound: outboundPolicy(ctx.config.outbound),
      files: fileAccess(ctx.config),
      signal: abort.signal,
    });
  });
}
