import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { authorize, embeddedRelationNames } from './authorize.js';
import { UnreadableBody } from './body.js';
import { ApiError } from './errors.js';
import { firstRow, withStatementScope, type ReadRow } from './execute.js';
import { queryString } from './handle-table.js';
import { parseRequest } from './parse/request.js';
import { planRead } from './plan/read.js';
import { functionArgNames, functionRelation, resolveFunction } from './plan/rpc.js';
import { contentRange, readStatus, sendBody } from './respond/respond.js';
import { schemaCache } from './schema/cache.js';
import { redactSecrets } from './secrets.js';
import { Params } from './sql/params.js';
import { readStatement } from './sql/read.js';
import { functionCallSql, scalarCallStatement, voidCallStatement } from './sql/rpc.js';

function bodyArgs(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body instanceof UnreadableBody) throw new ApiError(400, 'PGRST102', body.reason);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'PGRST102', 'The arguments of a function call must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** GET|HEAD|POST /api/db/rpc/:fn — arguments from the query string (GET) or the JSON body (POST). */
export async function handleRpc(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, name: string) {
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  if (!isRead && req.method !== 'POST') {
    throw new ApiError(405, 'PGRST101', 'Only GET and POST are allowed for functions');
  }
  await authorize(ctx, req, { kind: 'function', name }, isRead ? 'read' : 'write');
  const cache = await schemaCache(ctx.db);
  const apiReq = parseRequest(
    queryString(req),
    req.headers,
    isRead ? functionArgNames(cache, name) : undefined,
  );
  const args = isRead ? Object.fromEntries(apiReq.rpcArgs) : bodyArgs(req.body);
  const fn = resolveFunction(cache, name, Object.keys(args));
  const params = new Params();
  const call = functionCallSql(fn, args, params);
  const readOnly = isRead || !fn.volatile;

  if (fn.returns.kind === 'void') {
    await withStatementScope(ctx, readOnly, (tx) => {
      const stmt = voidCallStatement(call, params);
      return tx.query(stmt.sql, stmt.params);
    });
    return reply.code(204).send();
  }
  const rows = functionRelation(cache, fn);
  let stmt;
  let offset = 0;
  if (rows) {
    for (const t of embeddedRelationNames(apiReq.select, (n) => cache.relations.has(n))) {
      await authorize(ctx, req, { kind: 'table', name: t }, 'read');
    }
    const plan = planRead(cache, apiReq, rows.relation, {
      keysOf: rows.keysOf,
      maxRows: fn.returnsSet ? ctx.config.db.maxRows : undefined,
    });
    for (const t of plan.embeddedTables) await authorize(ctx, req, { kind: 'table', name: t }, 'read');
    await redactSecrets(ctx, req, plan.root);
    stmt = readStatement(plan.root, {
      source: call,
      params,
      exactCount: apiReq.prefer.count === 'exact',
      stripNulls: apiReq.stripNulls,
    });
    offset = plan.root.offset ?? 0;
  } else {
    stmt = scalarCallStatement(fn, call, params);
  }
  const row = await withStatementScope(ctx, readOnly, async (tx) =>
    firstRow((await tx.query<ReadRow>(stmt.sql, stmt.params)).rows),
  );
  const total = row.total === null ? null : Number(row.total);
  let body = row.body ?? 'null';
  if (rows && !fn.returnsSet) {
    // A function returning one row answers with that object (or null).
    body = row.page === 0 ? 'null' : body.trim().slice(1, -1);
    return sendBody(reply.code(200), apiReq.media === 'object' ? 'json' : apiReq.media, body, 1);
  }
  if (fn.returnsSet) {
    reply
      .code(readStatus({ body, page: row.page, total, offset }))
      .header('content-range', contentRange(offset, row.page, total));
  }
  if (req.method === 'HEAD') return reply.send();
  return sendBody(reply, apiReq.media, body, row.page);
}
