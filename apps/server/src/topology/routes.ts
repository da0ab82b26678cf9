import { Readable } from 'node:stream';
import { topologyJsonSchema } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { sourceLookupQuerySchema } from '../lib/source-lookup.js';
import { readsWhole } from '../secret-masking.js';
import { reconcileTopology, TopologyBusy, TopologyNotFound } from './reconcile.js';
import { lookupComponentsBySource } from './source-lookup.js';
import { SnapshotNotFound, snapshotQuerySchema, topologySnapshot } from './snapshot.js';
import { TopologySpecError } from './spec.js';
import { sharedTopologyTree } from './shared-tree.js';
import { ComponentNotFound } from './tree-load.js';
import { treeQuerySchema } from './tree-query.js';

const topologyParams = z.object({ id: z.uuid({ message: 'must be a topology id (UUID)' }) });
const componentParams = z.object({ id: z.uuid({ message: 'must be a component id (UUID)' }) });

/** A file name safe in a Content-Disposition header. */
function fileName(name: string, at: Date): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'component';
  return `snapshot-${base}-${at.toISOString().replace(/[:.]/g, '-')}.zip`;
}

/** Topology API (docs/topology.md): the tree, run now, snapshots, and the topology spec's JSON Schema. */
export async function topologyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const schema = builtOnFirstUse(topologyJsonSchema);
  app.get('/api/schemas/topology.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema()),
  );

  const tree = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = treeQuerySchema.parse(req.query);
    try {
      // Component properties keep their credentials only for those who may write topologies.
      const redactProperties = !(await readsWhole(ctx, req, 'components', 'properties'));
      const answer = await sharedTopologyTree(ctx.db, q, { redactProperties }, ctx.config.summaryShareMs);
      // A large tree goes out a chunk at a time (shared-tree.ts).
      return reply
        .type('application/json; charset=utf-8')
        .send(typeof answer === 'string' ? answer : Readable.from(answer));
    } catch (e) {
      if (e instanceof ComponentNotFound) return reply.code(404).send({ error: e.message });
      throw e;
    }
  };
  app.get('/api/canary/api/topology', { config: { permission: ['topologies', 'read'] } }, tree);
  // The same tree under its short name (docs/topology.md, Tree API).
  app.get('/api/topology', { config: { permission: ['topologies', 'read'] } }, tree);

  // A component by its external (source) id (docs/topology.md, Lookup by source id).
  app.get('/api/topology/lookup', { config: { permission: ['topologies', 'read'] } }, async (req) => ({
    results: await lookupComponentsBySource(ctx.db, sourceLookupQuerySchema.parse(req.query)),
  }));

  app.post(
    '/api/topology/run/:id',
    { config: { permission: ['topologies', 'write'] } },
    async (req, reply) => {
      const { id } = topologyParams.parse(req.params);
      try {
        return await reconcileTopology(ctx, id);
      } catch (e) {
        if (e instanceof TopologyNotFound) return reply.code(404).send({ error: e.message });
        if (e instanceof TopologyBusy) return reply.code(409).send({ error: e.message });
        if (e instanceof TopologySpecError) return reply.code(400).send({ error: e.message });
        throw e;
      }
    },
  );

  app.get(
    '/api/snapshot/topology/:id',
    { config: { permission: ['topologies', 'read'] } },
    async (req, reply) => {
      const { id } = componentParams.parse(req.params);
      const q = snapshotQuerySchema.parse(req.query);
      try {
        const { name, zip } = await topologySnapshot(ctx.db, id, q);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName(name, new Date())}"`)
          .header('cache-control', 'no-store')
          .send(zip);
      } catch (e) {
        if (e instanceof SnapshotNotFound) return reply.code(404).send({ error: e.message });
        throw e;
      }
    },
  );
}
