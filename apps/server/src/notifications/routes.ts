import {
  createSilenceRequestSchema,
  notificationJsonSchema,
  notificationSummaryRequestSchema,
  parseSilenceTime,
  silenceJsonSchema,
  testMessageRequestSchema,
  SILENCE_RESOURCE_TYPES,
  SILENCE_TARGET_ERROR,
  SILENCE_WINDOW_ERROR,
} from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { builtOnFirstUse } from '../lib/first-use.js';
import { badRequest, HttpError } from '../platform/http-error.js';
import { historyDetail, historySummary, silencePreview } from './queries.js';
import { checkSilenceExpressions } from './silence-write-hook.js';
import { sendTestMessage } from './test-message.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A zod failure as one 400 line: "field: message". */
function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue?.path.map(String).join('.');
  throw badRequest(`${path ? `${path}: ` : ''}${issue?.message ?? 'invalid request'}`);
}

const previewQuerySchema = z.object({
  id: z.string().regex(UUID, 'a uuid'),
  type: z.enum(SILENCE_RESOURCE_TYPES),
  recursive: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(500).default(20),
});

/** Notifications API (docs/notifications.md, API): history summary and detail, silences, and the rule spec's JSON Schema. */
export async function notificationsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const schema = builtOnFirstUse(notificationJsonSchema);
  app.get('/api/schemas/notification.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(schema()),
  );
  const silenceSchema = builtOnFirstUse(silenceJsonSchema);
  app.get('/api/schemas/notification-silence.schema.json', async (_req, reply) =>
    reply.type('application/schema+json').header('cache-control', 'no-cache').send(silenceSchema()),
  );

  app.post(
    '/api/notification/summary',
    { config: { permission: ['notifications', 'read'] } },
    async (req) => {
      const q = parsed(notificationSummaryRequestSchema, req.body);
      return ctx.db.read((db) => historySummary(db, q));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/notification/send_history/:id',
    { config: { permission: ['notifications', 'read'] } },
    async (req) => {
      const row = UUID.test(req.params.id)
        ? await ctx.db.read((db) => historyDetail(db, req.params.id))
        : undefined;
      if (!row) throw new HttpError(404, 'send history entry not found');
      return row;
    },
  );

  app.post(
    '/api/notification/silence',
    { config: { permission: ['notifications', 'write'] } },
    async (req, reply) => {
      const body = parsed(createSilenceRequestSchema, req.body);
      const now = new Date();
      const from = body.from ? parseSilenceTime(body.from, now) : now;
      const until = body.until ? parseSilenceTime(body.until, now) : undefined;
      if (from && until && from >= until) throw badRequest(SILENCE_WINDOW_ERROR);
      const row: Record<string, unknown> = { filter: body.filter ?? null, selectors: body.selectors ?? null };
      try {
        checkSilenceExpressions(row);
      } catch (e) {
        throw badRequest(e instanceof Error ? e.message : String(e));
      }
      const targets = [
        body.config_id,
        body.component_id,
        body.check_id,
        body.canary_id,
        row.filter,
        row.selectors,
      ];
      if (!targets.some((t) => t !== undefined && t !== null)) throw badRequest(SILENCE_TARGET_ERROR);
      const { rows } = await ctx.db.query(
        `INSERT INTO notification_silences (namespace, name, description, "from", until, recursive, source,
           config_id, component_id, check_id, canary_id, filter, selectors, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
        [
          body.namespace,
          body.name ?? null,
          body.description ?? null,
          from ?? null,
          until ?? null,
          body.recursive,
          body.source,
          body.config_id ?? null,
          body.component_id ?? null,
          body.check_id ?? null,
          body.canary_id ?? null,
          row.filter,
          row.selectors === null ? null : JSON.stringify(row.selectors),
          req.principal?.personId ?? null,
        ],
      );
      return reply.code(201).send(rows[0]);
    },
  );

  // The rule dialog's Send test: the message an unsaved rule would send, sent now (test-message.ts).
  app.post('/api/notification/test', { config: { permission: ['notifications', 'write'] } }, async (req) =>
    sendTestMessage(ctx, parsed(testMessageRequestSchema, req.body)),
  );

  app.get(
    '/api/notification/silence_preview',
    { config: { permission: ['notifications', 'read'] } },
    async (req) => {
      const q = parsed(previewQuerySchema, req.query);
      return ctx.db.read((db) =>
        silencePreview(db, { id: q.id, type: q.type, recursive: q.recursive === 'true', limit: q.limit }),
      );
    },
  );
}
