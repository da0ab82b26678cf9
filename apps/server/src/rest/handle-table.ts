import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { DataWriteHooks } from '../platform/data-write-hook.js';
import { authorize, embeddedRelationNames } from './authorize.js';
import { tableNotFound } from './errors.js';
import { actAs, firstRow, withStatementScope, plannedCount, type ReadRow } from './execute.js';
import { parseRequest } from './parse/request.js';
import type { ApiRequest } from './parse/types.js';
import { planRead } from './plan/read.js';
import { parsePayload, planWrite, requireFilter, type WriteBody, type WriteMethod } from './plan/write.js';
import {
  contentRange,
  readStatus,
  sendBody,
  sendWriteResult,
  singleObject,
  type WriteResult,
} from './respond/respond.js';
import { schemaCache } from './schema/cache.js';
import { redactSecrets } from './secrets.js';
import type { Relation } from './schema/types.js';
import { plannedCountStatement, readStatement } from './sql/read.js';
import { writeStatement } from './sql/write.js';
import { applyAfterWrite, applyBeforeWrite, writeContext, writeHookFor } from './write-hooks.js';

export function queryString(req: FastifyRequest): string {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i + 1);
}

/** GET|HEAD|POST|PATCH|DELETE /api/db/:table; writes run the table's hook from `hooks`. */
export async function handleTable(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  hooks: DataWriteHooks,
) {
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  await authorize(ctx, req, { kind: 'table', name }, isRead ? 'read' : 'write');
  const cache = await schemaCache(ctx.db);
  const rel = cache.relations.get(name);
  if (!rel) throw tableNotFound(name);
  const apiReq = parseRequest(queryString(req), req.headers);
  // Tables named in embeds are checked before planning, so that relationship errors never
  // describe a table the caller may not see; targets reached through FK columns right after.
  for (const t of embeddedRelationNames(apiReq.select, (n) => cache.relations.has(n))) {
    await authorize(ctx, req, { kind: 'table', name: t }, 'read');
  }
  const plan = planRead(cache, apiReq, rel, { maxRows: isRead ? ctx.config.db.maxRows : undefined });
  for (const t of plan.embeddedTables) await authorize(ctx, req, { kind: 'table', name: t }, 'read');
  await redactSecrets(ctx, req, plan.root);
  if (isRead) return read(ctx, reply, apiReq, plan.root, req.method === 'HEAD');
  return write(ctx, hooks, req, reply, rel, apiReq, plan.root);
}

async function read(
  ctx: ServerContext,
  reply: FastifyReply,
  apiReq: ApiRequest,
  root: ReturnType<typeof planRead>['root'],
  head: boolean,
) {
  const count = apiReq.prefer.count;
  const row = await withStatementScope(ctx, true, async (tx) => {
    let exact = count === 'exact';
    let estimate: number | null = null;
    if (count === 'planned' || count === 'estimated') {
      estimate = await plannedCount(tx, plannedCountStatement(root));
      // `estimated`: exact below the row cap, the planner's figure above it (as PostgREST).
      if (count === 'estimated' && estimate <= ctx.config.db.maxRows) exact = true;
    }
    // HEAD: the same page and count, without building its JSON.
    const stmt = readStatement(root, { exactCount: exact, stripNulls: apiReq.stripNulls, withoutBody: head });
    const r = firstRow((await tx.query<ReadRow>(stmt.sql, stmt.params)).rows);
    const total = r.total !== null ? Number(r.total) : estimate;
    return { body: r.body ?? '[]', page: r.page, total };
  });
  const offset = root.offset ?? 0;
  const status = readStatus({ ...row, offset });
  reply.code(status).header('content-range', contentRange(offset, row.page, row.total));
  if (head) return reply.type('application/json; charset=utf-8').send();
  return sendBody(reply, apiReq.media, row.body, row.page);
}

type WriteRow = { body: string | null; page: number; location: string | null; keys: string | null };

/** POST|PATCH|DELETE: parse the body (through the table's write hook), plan, one statement, answer. */
async function write(
  ctx: ServerContext,
  hooks: DataWriteHooks,
  req: FastifyRequest,
  reply: FastifyReply,
  rel: Relation,
  apiReq: ApiRequest,
  root: ReturnType<typeof planRead>['root'],
) {
  const method = req.method as WriteMethod;
  const hook = writeHookFor(hooks, rel.name);
  const hookCtx = writeContext(ctx, req);
  const payloadOf = async () => {
    const payload = parsePayload(req.body);
    return hook ? applyBeforeWrite(hook, payload, hookCtx) : payload;
  };
  requireFilter(rel, method, root);
  const body: WriteBody = method === 'DELETE' ? { method } : { method, payload: await payloadOf() };
  const { mutation, single } = planWrite(rel, apiReq, body);
  const representation = apiReq.prefer.return === 'representation';
  const result = await withStatementScope(ctx, false, async (tx): Promise<WriteResult> => {
    if (mutation.kind === 'update' && mutation.columns.length === 0)
      return { body: '[]', page: 0, location: null };
    await actAs(tx, req.principal?.personId);
    const stmt = writeStatement(rel, mutation, root, {
      representation,
      stripNulls: apiReq.stripNulls,
      returnKeys: Boolean(hook?.afterWrite),
    });
    const r = firstRow((await tx.query<WriteRow>(stmt.sql, stmt.params)).rows);
    if (hook) await applyAfterWrite(hook, tx, r.keys, hookCtx);
    const out = { body: r.body ?? '[]', page: r.page, location: r.location };
    // Checked inside the transaction: a refused single-object answer rolls the write back.
    if (representation && apiReq.media === 'object') singleObject(out.body, out.page);
    return out;
  });
  const answer = {
    method,
    table: rel.name,
    single,
    representation,
    counted: Boolean(apiReq.prefer.count),
    media: apiReq.media,
  };
  return sendWriteResult(reply, answer, result);
}
