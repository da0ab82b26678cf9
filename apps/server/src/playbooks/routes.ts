import {
  FINAL_ACTION_STATUSES,
  FINAL_RUN_STATUSES,
  playbookResourceSchema,
  playbookSpecJsonSchema,
  type PlaybookSpec,
} from '@opsdeck/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { HttpError } from '../platform/http-error.js';
import { maskedJson, readsWhole, runParametersSql, specSql } from '../secret-masking.js';
import { approveRun } from './approvals.js';
import { createRun, loadPlaybook, loadResource, runEnvironment } from './create-run.js';
import { renderParameters } from './params.js';
import { anySelectorMatches } from './resource-match.js';
import { webhookRoutes } from './webhook.js';
import { secretBox } from '../lib/secrets/index.js';

const optionalId = z.string().trim().min(1).optional();
const resourceQuery = z.object({ config_id: optionalId, check_id: optionalId, component_id: optionalId });
const paramsBody = resourceQuery.extend({ id: z.string().min(1, 'id is required') });
const runBody = paramsBody.extend({ params: z.record(z.string(), z.string()).optional() });
const runIdParams = z.object({ id: z.guid({ message: 'must be a run id (UUID)' }) });

/**
 * Does this caller read playbook specs (and what runs echo of them) whole? Writers of playbooks
 * do; everyone else reads them through the masking functions (TABLE_ACCESS rules, one decision).
 */
const readsSpecs = (ctx: ServerContext, req: FastifyRequest) => readsWhole(ctx, req, 'playbooks');

/** The person the request acts as; null when it acts for no one. */
const personOf = (req: FastifyRequest) => req.principal?.personId ?? null;

const specOf = (whole: boolean) => specSql('spec', whole, 'spec');

const LIST_COLUMNS = 'id, namespace, name, title, icon, description, source, category, created_at';

type ListRow = { spec: PlaybookSpec } & Record<string, unknown>;

/** The live playbooks offered for a resource (its selectors match), or all of them. */
async function listPlaybooks(
  q: Queryable,
  query: z.infer<typeof resourceQuery>,
  whole: boolean,
): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query<ListRow & { raw: PlaybookSpec }>(
    `SELECT ${LIST_COLUMNS}, ${specOf(whole)}, spec AS raw FROM playbooks WHERE deleted_at IS NULL
     ORDER BY category, name`,
  );
  const { ids, env } = await loadResource(q, query);
  const selected = ids.config_id
    ? rows.filter((r) => anySelectorMatches(r.raw.configs, env.config ?? {}))
    : ids.check_id
      ? rows.filter((r) => anySelectorMatches(r.raw.checks, env.check ?? {}))
      : ids.component_id
        ? rows.filter((r) => anySelectorMatches(r.raw.components, env.component ?? {}))
        : rows;
  return selected.map(({ raw: _raw, ...row }) => ({ ...row, parameters: row.spec.parameters ?? [] }));
}

async function loadRun(q: Queryable, id: string, whole: boolean): Promise<Record<string, unknown>> {
  const { rows } = await q.query(
    `SELECT id, playbook_id, ${specOf(whole)}, status, created_at, start_time, scheduled_time, end_time, timeout,
       created_by, trigger, check_id, config_id, component_id, ${runParametersSql('parameters', 'spec', whole, 'parameters')},
       ${specSql('request', whole, 'request')}, agent_id, parent_id, error
     FROM playbook_runs WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw new HttpError(404, `playbook run(id=${id}) not found`);
  return rows[0];
}

/** Cancels a run that has not ended, its child runs, and the actions that have not ended. */
async function cancelRun(q: Queryable, id: string): Promise<void> {
  const { rows } = await q.query<{ status: string }>(
    'SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE',
    [id],
  );
  const run = rows[0];
  if (!run) throw new HttpError(404, `playbook run(id=${id}) not found`);
  if ((FINAL_RUN_STATUSES as readonly string[]).includes(run.status))
    throw new HttpError(400, `playbook run(id=${id}) is in ${run.status} state and cannot be cancelled`);
  await q.query(
    `UPDATE playbook_runs SET status = 'cancelled', end_time = now()
     WHERE (id = $1 OR parent_id = $1) AND NOT (status = ANY($2::text[]))`,
    [id, FINAL_RUN_STATUSES],
  );
  await q.query(
    `UPDATE playbook_run_actions SET status = 'skipped', end_time = coalesce(end_time, now())
     WHERE playbook_run_id IN (SELECT r.id FROM playbook_runs r WHERE r.id = $1 OR r.parent_id = $1)
       AND NOT (status = ANY($2::text[]))`,
    [id, FINAL_ACTION_STATUSES],
  );
}

/**
 * The playbook API (/api/playbook/*, docs/playbooks.md): list for a resource, parameters with
 * rendered defaults, run, a run and its status, cancel, approve; the spec schemas; webhooks.
 */
export async function playbookRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const spec = builtOnFirstUse(playbookSpecJsonSchema);
  const document = builtOnFirstUse(() =>
    z.toJSONSchema(playbookResourceSchema, { io: 'input', unrepresentable: 'any' }),
  );
  app.get('/api/schemas/playbook-spec.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(spec()),
  );
  app.get('/api/schemas/playbook.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(document()),
  );

  app.get('/api/playbook/list', { config: { permission: ['playbooks', 'read'] } }, async (req) => {
    const query = resourceQuery.parse(req.query ?? {});
    return listPlaybooks(ctx.db, query, await readsSpecs(ctx, req));
  });

  app.post('/api/playbook/:id/params', { config: { permission: ['playbooks', 'read'] } }, async (req) => {
    const { id } = z.object({ id: z.string() }).parse(req.params);
    const body = resourceQuery.parse(req.body ?? {});
    const playbook = await loadPlaybook(ctx.db, id);
    const resource = await loadResource(ctx.db, body);
    const env = await runEnvironment(ctx.db, playbook, resource.env, personOf(req));
    // Defaults come from the spec: a secret parameter's default is masked like the spec is.
    return {
      params: await maskedJson(ctx.db, renderParameters(playbook.spec, env), await readsSpecs(ctx, req)),
    };
  });

  app.post('/api/playbook/run', { config: { permission: ['playbooks', 'write'] } }, async (req, reply) => {
    const body = runBody.parse(req.body ?? {});
    const run = await createRun(ctx.db, {
      playbookId: body.id,
      config_id: body.config_id,
      check_id: body.check_id,
      component_id: body.component_id,
      params: body.params ?? {},
      trigger: 'api',
      createdBy: personOf(req),
      secrets: secretBox(ctx.config),
    });
    if (!run) throw new HttpError(409, 'the run was not created');
    return reply.code(201).send({ run_id: run.run_id, starts_at: run.starts_at });
  });

  app.get('/api/playbook/run/:id', { config: { permission: ['playbook_runs', 'read'] } }, async (req) => {
    const { id } = runIdParams.parse(req.params);
    return loadRun(ctx.db, id, await readsSpecs(ctx, req));
  });

  app.get(
    '/api/playbook/run/:id/status',
    { config: { permission: ['playbook_runs', 'read'] } },
    async (req) => {
      const { id } = runIdParams.parse(req.params);
      const whole = await readsSpecs(ctx, req);
      const run = await loadRun(ctx.db, id, whole);
      const { rows: playbooks } = await ctx.db.query(
        `SELECT ${LIST_COLUMNS}, ${specOf(whole)}, deleted_at FROM playbooks WHERE id = $1`,
        [run.playbook_id],
      );
      // Action results echo what the spec sent (an exec's environment, an echoed request).
      const { rows: actions } = await ctx.db.query(
        `SELECT id, name, status, retry_count, playbook_run_id, start_time, scheduled_time, end_time,
           ${specSql('result', whole, 'result')}, error, agent
         FROM get_playbook_run_actions($1)`,
        [id],
      );
      return { playbook: playbooks[0] ?? null, run, actions };
    },
  );

  app.post(
    '/api/playbook/run/cancel/:id',
    { config: { permission: ['playbooks', 'write'] } },
    async (req) => {
      const { id } = runIdParams.parse(req.params);
      await ctx.db.transaction((tx) => cancelRun(tx, id));
      return { message: 'playbook run cancelled' };
    },
  );

  app.post(
    '/api/playbook/run/approve/:id',
    { config: { permission: ['playbook_runs', 'read'] } },
    async (req) => {
      const { id } = runIdParams.parse(req.params);
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; spec: PlaybookSpec; status: string }>(
          'SELECT id, spec, status FROM playbook_runs WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!rows[0]) throw new HttpError(404, `playbook run(id=${id}) not found`);
        await approveRun(tx, rows[0], personOf(req));
      });
      return { message: 'playbook run approved' };
    },
  );

  await app.register(async (scope) => webhookRoutes(scope, ctx));
}
