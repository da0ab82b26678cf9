import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { DATABASE_RETRY_AFTER_S } from '../platform/error-handler.js';
import type { DataWriteHooks } from '../platform/data-write-hook.js';
import { parseBodyText } from './body.js';
import { ApiError } from './errors.js';
import { handleRpc } from './handle-rpc.js';
import { handleTable } from './handle-table.js';
import { dbErrorToApi } from './respond/db-errors.js';
import { sendError } from './respond/respond.js';
import { schemaCache } from './schema/cache.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] as const;

/**
 * The PostgREST-compatible data API: /api/db/:table and /api/db/rpc/:fn (docs/data-api.md).
 * Writes to a table in `writeHooks` run its hook.
 */
/** How long after listening the schema cache is read if no request asked for it first. */
const SCHEMA_WARM_DELAY_MS = 1000;

export async function restRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  writeHooks: DataWriteHooks,
): Promise<void> {
  // Read once, by the first data API request or a second after the server listens, whichever
  // comes first (a failure is retried by the next request). Its catalog queries take 0.3–0.5 s
  // on the embedded database just after it opened (its WebAssembly is still cold), and the
  // embedded database runs one statement at a time: read at once, they held readiness
  // (/readyz: the database answers), which does not depend on them, for as long.
  app.addHook('onListen', async () => {
    setTimeout(() => schemaCache(ctx.db).catch(() => {}), SCHEMA_WARM_DELAY_MS).unref();
  });

  // Any content type is read as JSON; unreadable bodies become a PGRST102 answer in the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseBodyText(String(body))),
  );

  const guarded =
    (
      handler: (
        ctx: ServerContext,
        req: FastifyRequest,
        reply: FastifyReply,
        name: string,
      ) => Promise<unknown>,
    ) =>
    async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      try {
        return await handler(ctx, req, reply, req.params.name);
      } catch (e) {
        if (isDatabaseUnavailable(e)) {
          // PostgREST's answer when it cannot reach its database.
          reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
          return sendError(reply, new ApiError(503, 'PGRST001', 'The database is not reachable right now'));
        }
        const api = e instanceof ApiError ? e : dbErrorToApi(e);
        if (api) return sendError(reply, api);
        // Anything else is our fault: log it, answer without internals.
        req.log.error({ err: e }, 'data API request failed');
        return sendError(reply, new ApiError(500, 'PGRST000', 'Internal server error'));
      }
    };

  app.route({
    method: [...METHODS],
    url: '/api/db/rpc/:name',
    exposeHeadRoute: false,
    handler: guarded(handleRpc),
  });
  app.route({
    method: [...METHODS],
    url: '/api/db/:name',
    exposeHeadRoute: false,
    handler: guarded((ctx, req, reply, name) => handleTable(ctx, req, reply, name, writeHooks)),
  });
  app.route({
    method: ['PUT', 'OPTIONS'],
    url: '/api/db/:name',
    handler: async (_req, reply) =>
      sendError(reply, new ApiError(405, 'PGRST117', 'Unsupported HTTP method')),
  });
}
