import { kubeconfigFileName } from '@opsdeck/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createAccessToken } from '../auth/index.js';
import type { ServerContext } from '../context.js';
import { readsWhole } from '../secret-masking.js';
import { canaryList, canaryObject, canaryTable, listCanaries, wantsTable } from './canaries.js';
import {
  apiGroup,
  apiGroupList,
  apiVersions,
  canaryResources,
  coreResources,
  GROUP,
  GROUP_VERSION,
  kubeStatus,
} from './discovery.js';
import { kubeconfigYaml } from './kubeconfig-file.js';

/** Kubeconfig tokens live a year: long enough for a laptop, short enough to age out. */
const TOKEN_DAYS = 365;
const READ_CANARIES = { config: { permission: ['canaries', 'read'] as ['canaries', 'read'] } };
const BASE = `/apis/${GROUP_VERSION}`;

const namespaceParams = z.object({ namespace: z.string().min(1) });
const nameParams = namespaceParams.extend({ name: z.string().min(1) });

async function sendCanaries(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  namespace?: string,
): Promise<unknown> {
  const rows = await listCanaries(ctx.db, { namespace }, await readsWhole(ctx, req, 'canaries'));
  return reply.send(wantsTable(req.headers.accept) ? canaryTable(rows) : canaryList(rows));
}

/**
 * POST /api/kubeconfig hands the caller a kubeconfig for this console with a new access token
 * of theirs; the read-only Kubernetes-style routes below answer `kubectl get canaries` with it
 * (docs/kubeconfig.md). Making a token is a write: a POST, so a browser's cookie only counts
 * from the console's own pages (the guard's Origin check), never from a link on another site.
 */
export async function kubeconfigRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/api/kubeconfig', async (_req, reply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ error: 'Method not allowed: POST /api/kubeconfig creates the kubeconfig and its token' }),
  );

  app.post('/api/kubeconfig', async (req, reply) => {
    const principal = req.principal;
    if (!principal) return reply.code(401).send({ error: 'Authentication required' });
    const { rows } = await ctx.db.query<{ who: string | null }>(
      'SELECT COALESCE(email, name) AS who FROM people WHERE id = $1',
      [principal.personId],
    );
    const today = new Date().toISOString().slice(0, 10);
    const expires = new Date(Date.now() + TOKEN_DAYS * 86_400_000);
    const { token } = await createAccessToken(ctx.db, principal.personId, `kubeconfig-${today}`, expires);
    const server = ctx.publicBaseUrl();
    const file = kubeconfigFileName(server);
    return reply
      .header('content-type', 'application/yaml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store')
      .send(kubeconfigYaml({ server, token, userName: rows[0]?.who ?? 'opsdeck' }));
  });

  // Discovery: what kubectl reads first. Any signed-in user may see that canaries exist.
  app.get('/api', async () => apiVersions);
  app.get('/api/v1', async () => coreResources);
  app.get('/apis', async () => apiGroupList);
  app.get(`/apis/${GROUP}`, async () => apiGroup);
  app.get(BASE, async () => canaryResources);

  app.get(`${BASE}/canaries`, READ_CANARIES, async (req, reply) => sendCanaries(ctx, req, reply));
  app.get(`${BASE}/namespaces/:namespace/canaries`, READ_CANARIES, async (req, reply) =>
    sendCanaries(ctx, req, reply, namespaceParams.parse(req.params).namespace),
  );
  app.get(`${BASE}/namespaces/:namespace/canaries/:name`, READ_CANARIES, async (req, reply) => {
    const { namespace, name } = nameParams.parse(req.params);
    const [row] = await listCanaries(ctx.db, { namespace, name }, await readsWhole(ctx, req, 'canaries'));
    if (!row) {
      return reply.code(404).send(
        kubeStatus(404, 'NotFound', `canaries.${GROUP} "${name}" not found`, {
          name,
          group: GROUP,
          kind: 'canaries',
        }),
      );
    }
    return wantsTable(req.headers.accept) ? canaryTable([row]) : canaryObject(row);
  });
}
