import { canaryJsonSchema, parseDuration } from '@opsdeck/shared';
import { sharedDashboardPage } from './dashboard.js';
import { dashboardQuerySchema, windowParam } from './dashboard-query.js';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { checkGraph } from './graph.js';
import { checkLocationsAnswer } from './location-answer.js';
import { CheckNotFoundError, runCheckNow } from './run-canary.js';
import { setListeningServer } from './runtime.js';
import { sharedChecksSummaryJson } from './summary.js';
import { SUMMARY_STREAM_FROM, summaryChunks, summaryCount } from './summary-stream.js';
import { tryCanary } from './try-canary.js';

/** "k=v,k2=v2" → {k: v, k2: v2}. */
const labels = z
  .string()
  .optional()
  .transform((v, c) => {
    if (!v) return undefined;
    const out: Record<string, string> = {};
    for (const pair of v.split(',')) {
      const i = pair.indexOf('=');
      if (i <= 0) {
        c.addIssue({ code: 'custom', message: 'labels must be key=value pairs separated by commas' });
        return z.NEVER;
      }
      out[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
    }
    return out;
  });

const summaryQuery = z.object({ check_id: z.guid().optional(), labels, window: windowParam });

/**
 * A time: RFC 3339, or a duration before now ("1h", "7d"). Resolved against one `now` per
 * request, so that start=2h and an implicit end are exactly two hours apart.
 */
const when = (fallbackAgoMs: number) =>
  z
    .string()
    .optional()
    .transform((v, c): ((now: number) => Date) => {
      if (!v || v === 'now') return (now) => new Date(now - fallbackAgoMs);
      const ago = parseDuration(v.replace(/^now-/, ''));
      if (ago !== undefined) return (now) => new Date(now - ago);
      const t = new Date(v);
      if (Number.isNaN(t.getTime())) {
        c.addIssue({ code: 'custom', message: 'expected a duration such as 1h, or an RFC 3339 time' });
        return z.NEVER;
      }
      return () => t;
    });

const graphQuery = z.object({
  check: z.guid({ message: 'check must be a check id' }),
  start: when(3_600_000),
  end: when(0),
  count: z.coerce.number().int().min(1).max(10_000).default(300),
});

/** Health API (docs/health.md, APIs): summary, graph, run now, try it, and the canary JSON Schema. */
export async function healthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  setListeningServer(ctx, app.server);

  const canarySchema = builtOnFirstUse(canaryJsonSchema);
  app.get('/api/schemas/canary.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(canarySchema()),
  );

  app.get('/api/canary/api/summary', { config: { permission: ['canaries', 'read'] } }, async (req, reply) => {
    const started = performance.now();
    const q = summaryQuery.parse(req.query);
    const query = { checkId: q.check_id, labels: q.labels, windowMs: q.window };
    if (!q.check_id && (await summaryCount(ctx.db, query)) > SUMMARY_STREAM_FROM) {
      // A large estate's summary goes out a chunk at a time (summary-stream.ts); the duration,
      // known at the end, comes last.
      const chunks = await summaryChunks(ctx.db, query);
      async function* body(): AsyncGenerator<string> {
        yield '{"runnerName":"local","checks_summary":[';
        yield* chunks;
        yield `],"duration":${Math.round(performance.now() - started)}}`;
      }
      return reply.type('application/json').send(Readable.from(body()));
    }
    const json = await sharedChecksSummaryJson(ctx.db, query, ctx.config.summaryShareMs);
    const duration = Math.round(performance.now() - started);
    return reply
      .type('application/json')
      .send(`{"duration":${duration},"runnerName":"local","checks_summary":${json}}`);
  });

  // The health dashboard's page: filtered, grouped, sorted and paged by the database.
  app.get('/api/health/dashboard', { config: { permission: ['canaries', 'read'] } }, async (req, reply) => {
    const started = performance.now();
    const q = dashboardQuerySchema.parse(req.query);
    const { checks, ...figures } = await sharedDashboardPage(ctx.db, q, ctx.config.summaryShareMs);
    const duration = Math.round(performance.now() - started);
    // The entries are the summary's JSON text, sent as they are.
    const head = JSON.stringify({ duration, ...figures });
    return reply.type('application/json').send(`${head.slice(0, -1)},"checks":[${checks.join(',')}]}`);
  });

  app.get('/api/canary/api/graph', { config: { permission: ['canaries', 'read'] } }, async (req, reply) => {
    const q = graphQuery.parse(req.query);
    const now = Date.now();
    const [start, end] = [q.start(now), q.end(now)];
    if (end.getTime() < start.getTime()) return reply.code(400).send({ error: 'end must be after start' });
    return checkGraph(ctx.db, q.check, start, end, q.count);
  });

  // A located check's quorum and each location's latest result (the check panel's Locations).
  app.get<{ Params: { id: string } }>(
    '/api/canary/check/:id/locations',
    { config: { permission: ['canaries', 'read'] } },
    async (req) =>
      checkLocationsAnswer(ctx.db, z.guid({ message: 'the check id must be a UUID' }).parse(req.params.id)),
  );

  // Run Now is open to admin, editor, commander and responder: exactly the
  // roles that may write the `responder` resource, so that permission guards it.
  app.post<{ Params: { id: string } }>(
    '/api/canary/run/check/:id',
    { config: { permission: ['responder', 'write'] } },
    async (req, reply) => {
      const id = z.guid({ message: 'the check id must be a UUID' }).parse(req.params.id);
      try {
        return await runCheckNow(ctx, id);
      } catch (e) {
        if (e instanceof CheckNotFoundError) return reply.code(404).send({ error: e.message });
        throw e;
      }
    },
  );

  // Try it runs what the person is about to save: the same permission as saving a canary.
  app.post('/api/canary/try', { config: { permission: ['canaries', 'write'] } }, async (req) =>
    tryCanary(ctx, req.body),
  );
}
