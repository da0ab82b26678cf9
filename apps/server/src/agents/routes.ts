import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { locatedCanariesFor } from '../health/index.js';
import { acceptAgentResults, AGENT_POLL_MAX_MS, pollAgentAction } from '../playbooks/index.js';
import { deleteAgent, generateAgent, generateBodySchema } from './generate.js';
import { PUSH_BODY_LIMIT, pushDataSchema, type PushData } from './push-schema.js';
import { requireAgent } from './upstream-auth.js';
import { PushedStatsPacer, STATS_PACE_MS } from './pushed-stats-pacer.js';
import { applyPush } from './upstream-push.js';

const deleteQuery = z.object({ cleanup: z.enum(['true', 'false']).default('false') });
const agentParams = z.object({ id: z.guid({ message: 'must be an agent id (UUID)' }) });
const pullQuery = z.object({
  since: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional(),
});
const pollQuery = z.object({
  // Seconds to wait for work, at most 45 (the default).
  wait: z.coerce
    .number()
    .min(0)
    .max(AGENT_POLL_MAX_MS / 1000)
    .optional(),
});
const pingQuery = z.object({
  hostname: z.string().max(255).optional(),
  version: z.string().max(64).optional(),
});

/** What an agent pulls: the canaries and scrapers the upstream assigned to it. */
const PULLS = {
  canaries: 'id, name, namespace, labels, spec, source, schedule',
  config_scrapers: 'id, name, namespace, description, spec, source, schedule',
} as const;
// Times to the microsecond, so the `since` an agent sends back skips exactly what it has.
const PULL_TIMES = ['created_at', 'updated_at', 'deleted_at']
  .map((c) => `to_json(${c}) #>> '{}' AS ${c}`)
  .join(', ');

/** Agents: creating and deleting them, and the upstream API they call (docs/agents.md). */
export async function agentsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;

  app.post('/api/agent/generate', { config: { permission: ['agents', 'write'] } }, async (req, reply) => {
    const body = generateBodySchema.parse(req.body ?? {});
    return reply.code(201).send(await generateAgent(db, body, req.principal?.personId ?? null));
  });

  app.delete('/api/agent/:id', { config: { permission: ['agents', 'write'] } }, async (req) => {
    const { id } = agentParams.parse(req.params);
    const { cleanup } = deleteQuery.parse(req.query);
    await deleteAgent(db, id, cleanup === 'true');
    return { message: cleanup === 'true' ? 'Agent deleted with its data' : 'Agent deleted' };
  });

  app.get('/api/upstream/ping', async (req) => {
    const agent = await requireAgent(db, req);
    const q = pingQuery.parse(req.query);
    await db.query(
      `UPDATE agents SET last_seen = now(), hostname = COALESCE($2, hostname), version = COALESCE($3, version)
        WHERE id = $1`,
      [agent.agentId, q.hostname ?? null, q.version ?? null],
    );
    return { id: agent.agentId };
  });

  const stats = new PushedStatsPacer(db, STATS_PACE_MS, (e) =>
    ctx.log.warn({ err: e }, 'could not refresh the stats of pushed check results'),
  );
  app.post('/api/upstream/push', { bodyLimit: PUSH_BODY_LIMIT }, async (req) => {
    const agent = await requireAgent(db, req);
    const data = pushDataSchema.parse(req.body ?? {}) as PushData;
    const result = await applyPush(db, agent, data, stats);
    if (data.playbook_actions?.length) {
      const actions = await acceptAgentResults(db, agent.agentId, data.playbook_actions);
      result.saved.playbook_actions = actions.saved;
      for (const r of actions.refused)
        result.refused.push({ table: 'playbook_actions', key: { id: r.id }, reason: r.reason });
    }
    return result;
  });

  for (const [path, table] of [
    ['/api/upstream/canary/pull', 'canaries'],
    ['/api/upstream/scrapeconfig/pull', 'config_scrapers'],
  ] as const) {
    app.get(path, async (req) => {
      const agent = await requireAgent(db, req);
      const { since } = pullQuery.parse(req.query);
      await db.query('UPDATE agents SET last_seen = now() WHERE id = $1', [agent.agentId]);
      const { rows } = await db.query(
        `SELECT ${PULLS[table]}, ${PULL_TIMES} FROM ${table}
          WHERE agent_id = $1 AND ($2::timestamptz IS NULL OR updated_at > $2::timestamptz)
          ORDER BY updated_at, id`,
        [agent.agentId, since ?? null],
      );
      return rows;
    });
  }

  // Located canaries naming the agent, all of them each time (docs/agents.md, "Located checks").
  app.get('/api/upstream/located/pull', async (req) => {
    const agent = await requireAgent(db, req);
    await db.query('UPDATE agents SET last_seen = now() WHERE id = $1', [agent.agentId]);
    return { canaries: await locatedCanariesFor(db, agent.agentId) };
  });

  // Long polls end (204) when the server closes, rather than holding the close for 45 s.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  // The agent's long poll for playbook actions with runsOn naming it: one at a time, claimed.
  app.get('/api/upstream/playbook-action', async (req, reply) => {
    const agent = await requireAgent(db, req);
    const { wait } = pollQuery.parse(req.query);
    const { rows } = await db.query<{ name: string }>(
      'UPDATE agents SET last_seen = now() WHERE id = $1 RETURNING name',
      [agent.agentId],
    );
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const payload = await pollAgentAction(
      ctx,
      { id: agent.agentId, name: rows[0]?.name ?? '' },
      wait === undefined ? AGENT_POLL_MAX_MS : wait * 1000,
      AbortSignal.any([gone.signal, closing.signal]),
    );
    return payload ? payload : reply.code(204).send();
  });
}
