import {
  RESPONDER_LOOKUP_KINDS,
  RESPONDER_LOOKUPS,
  type LookupOption,
  type ResponderInstances,
  type ResponderLookupKind,
} from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConnectionNotFoundError,
  isConnectionReference,
  jiraIssueTypes,
  jiraPriorities,
  jiraProjects,
  plannerBuckets,
  plannerPlans,
  resolveConnection,
  type HydratedConnection,
} from '../connections/index.js';
import type { ServerContext } from '../context.js';
import { outboundPolicy, type OutboundCall } from '../net/outbound.js';
import { HttpError } from '../platform/http-error.js';

const TIMEOUT_MS = 15_000;
const SEARCH_LIMIT = 50;

const instancesQuery = z.object({
  kind: z.enum(RESPONDER_LOOKUP_KINDS, { error: 'kind must be jira or ms_planner' }),
  team_id: z.uuid({ error: 'team_id must be a team id' }).optional(),
  search: z.string().max(200).optional(),
});

const lookupParams = z.object({
  instance: z.uuid({ error: 'instance must be a connection id' }),
  lookup: z.enum([...RESPONDER_LOOKUPS.jira, ...RESPONDER_LOOKUPS.ms_planner], {
    error: `the lookup is one of ${[...RESPONDER_LOOKUPS.jira, ...RESPONDER_LOOKUPS.ms_planner].join(', ')}`,
  }),
});
const lookupQuery = z.object({
  project: z.string().max(200).optional(),
  plan: z.string().max(200).optional(),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/** A team's `spec.responder_clients[kind].connection`, when it names one. */
async function teamConnection(ctx: ServerContext, teamId: string, kind: ResponderLookupKind) {
  const { rows } = await ctx.db.query<{ reference: unknown }>(
    `SELECT spec #>> ARRAY['responder_clients', $2::text, 'connection'] AS reference
     FROM teams WHERE id = $1 AND deleted_at IS NULL`,
    [teamId, kind],
  );
  const reference = rows[0]?.reference;
  return isConnectionReference(reference) ? reference : undefined;
}

/**
 * The instances of a kind — live connections of type jira or ms_planner, by name — and the one
 * the form starts on: the team's own (its spec's responder client), or the only one.
 */
async function instances(ctx: ServerContext, q: z.infer<typeof instancesQuery>): Promise<ResponderInstances> {
  const { rows } = await ctx.db.query<{ id: string; name: string; namespace: string }>(
    `SELECT id, name, namespace FROM connections
     WHERE deleted_at IS NULL AND type = $1 AND ($2::text IS NULL OR name ILIKE '%' || $2 || '%')
     ORDER BY name, namespace LIMIT ${SEARCH_LIMIT}`,
    [q.kind, q.search?.trim() || null],
  );
  let selected: string | null = rows.length === 1 ? rows[0]!.id : null;
  const reference = q.team_id ? await teamConnection(ctx, q.team_id, q.kind) : undefined;
  if (reference) {
    try {
      const own = await resolveConnection(ctx, reference);
      if (own.type === q.kind) selected = own.id;
    } catch (e) {
      if (!(e instanceof ConnectionNotFoundError)) throw e;
    }
  }
  return { instances: rows, selected };
}

/** The instance a lookup asks, hydrated; 404 unless it is a live connection of a ticketing kind. */
async function instance(ctx: ServerContext, id: string): Promise<HydratedConnection> {
  try {
    const conn = await resolveConnection(ctx, id);
    if ((RESPONDER_LOOKUP_KINDS as readonly string[]).includes(conn.type)) return conn;
  } catch (e) {
    if (!(e instanceof ConnectionNotFoundError)) throw e;
  }
  throw new HttpError(404, `no Jira or Microsoft Planner connection ${id}`);
}

function need(value: string | undefined, name: string): string {
  if (!value?.trim()) throw new HttpError(400, `${name} is required for this lookup`);
  return value.trim();
}

async function lookup(
  conn: HydratedConnection,
  what: z.infer<typeof lookupParams>['lookup'],
  q: z.infer<typeof lookupQuery>,
  call: OutboundCall,
): Promise<LookupOption[]> {
  const offered: readonly string[] = RESPONDER_LOOKUPS[conn.type as ResponderLookupKind];
  if (!offered.includes(what))
    throw new HttpError(400, `a ${conn.type} instance offers ${offered.join(', ')}, not ${what}`);
  switch (what) {
    case 'projects':
      return jiraProjects(conn, call);
    case 'issue-types':
      return jiraIssueTypes(conn, need(q.project, 'project'), call);
    case 'priorities':
      return jiraPriorities(conn, call);
    case 'plans':
      return plannerPlans(conn, call);
    case 'buckets':
      return plannerBuckets(conn, need(q.plan, 'plan'), call);
  }
}

/**
 * The Jira and Microsoft Planner responder forms' lookups, for those who may add responders
 * (write on responder): instance names only, never a connection's URL or credentials; the
 * lookups themselves run on the server with the connection's secrets, through the outbound
 * policy. A peer's refusal or a wrong answer is a 502 with its reason.
 */
export async function responderLookupRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const permission = { permission: ['responder', 'write'] as const };
  app.get('/api/incidents/responder-instances', { config: permission }, async (req) =>
    instances(ctx, parse(instancesQuery, req.query)),
  );
  app.get(
    '/api/incidents/responder-instances/:instance/:lookup',
    { config: permission },
    async (req, reply) => {
      const params = parse(lookupParams, req.params);
      const query = parse(lookupQuery, req.query);
      const conn = await instance(ctx, params.instance);
      const call: OutboundCall = {
        outbound: outboundPolicy(ctx.config.outbound),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        timeoutMs: TIMEOUT_MS,
      };
      try {
        return { options: await lookup(conn, params.lookup, query, call) };
      } catch (e) {
        if (e instanceof HttpError) throw e;
        // The peer's reason is the user's to read (the error handler hides a 5xx's message).
        return reply.code(502).send({ error: `${conn.name}: ${e instanceof Error ? e.message : String(e)}` });
      }
    },
  );
}
