import { CHART_IDS } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { outboundPolicy } from '../net/outbound.js';
import { chartRegistry } from './charts.js';

const chartParams = z.object({ chart: z.enum(CHART_IDS) });

/**
 * GET /api/integrations/charts/:chart: the chart definition (Chart.yaml's name, version and
 * description, and the values schema) of one 'Add via GitOps' choice, for everyone who may read
 * the integrations page: from the registry, or the bundled copy marked `source: 'bundled'`.
 */
export async function integrationsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const registry = chartRegistry({
    baseUrl: ctx.config.integrations.chartRegistryUrl,
    outbound: outboundPolicy(ctx.config.outbound),
    onFailure: (chart, reason) =>
      ctx.log.warn({ chart }, `chart ${chart}: ${reason}; the bundled copy is used`),
  });

  app.get(
    '/api/integrations/charts/:chart',
    { config: { permission: ['integrations', 'read'] } },
    async (req, reply) => {
      const params = chartParams.safeParse(req.params);
      if (!params.success)
        return reply.code(404).send({ error: `no such chart; the charts are ${CHART_IDS.join(', ')}` });
      return registry.chart(params.data.chart);
    },
  );
}
