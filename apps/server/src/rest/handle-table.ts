import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { authorize, embeddedRelationNames } from './authorize.js';
import { ApiError, tableNotFound } from './errors.js';
import { firstRow, withStatementScope, plannedCount, type ReadRow } from './execute.js';
import { parseRequest } from './parse/request.js';
import type { ApiRequest } from './parse/types.js';
import { planRead } from './plan/read.js';
import { conflictColumns, parsePayload, writeColumns } from './plan/write.js';
import { contentRange, readStatus, sendBody, singleObject } from './respond/respond.js';
import { schemaCache } from './schema/cache.js';
import type { Relation } from './schema/types.js';
import { plannedCountStatement, readStatement } from './sql/read.js';
import { writeStatement, type Mutation } from './sql/write.js';
import { applyAfterWrite, applyBeforeWrite, writeContext, writeHookFor } from './write-hooks.js';

export function queryString(req: FastifyRequest): string {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i + 1);
}

/** GET|HEAD|POST|PATCH|DELETE /api/db/:table */
export async function handleTable(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
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
  if (isRead) return read(ctx, reply, apiReq, plan.root, req.method === 'HEAD');
  return write(ctx, req, reply, rel, apiReq, plan.root);
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

async function write(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  rel: Relation,
  apiReq: ApiRequest,
  root: ReturnType<typeof planRead>['root'],
) {
  const method = req.method;
  const prefer = apiReq.prefer;
  const hook = writeHookFor(rel.name);
  const hookCtx = writeContext(ctx, req);
  const payloadOf = async (body: unknown) => {
    const payload = parsePayload(body);
    return hook ? applyBeforeWrite(hook, payload, hookCtx) : payload;
  };
  let mutation: Mutation;
  let single = false;
  if (method === 'POST') {
    const payload = await payloadOf(req.body);
    single = !payload.isArray;
    mutation = {
      kind: 'insert',
      columns: writeColumns(rel, apiReq, payload),
      payload: payload.json,
      missingDefault: prefer.missing === 'default',
      conflict: prefer.resolution
        ? { columns: conflictColumns(rel, apiReq), resolution: prefer.resolution }
        : undefined,
    };
    if (mutation.columns.length === 0 && payload.rows.length !== 1) {
      throw new ApiError(
        400,
        'PGRST102',
        'All object keys must match',
        'Empty objects can only be inserted one at a time',
      );
    }
  } else {
    if (root.conditions.length === 0) {
      const verb = method === 'PATCH' ? 'UPDATE' : 'DELETE';
      throw new ApiError(
        400,
        '21000',
        `${verb} requires a WHERE clause`,
        `${method} /api/db/${rel.name} without a filter would change every row`,
        'Add a filter such as ?id=eq.<id>. To change every row on purpose, use a filter every row matches.',
      );
    }
    if (method === 'PATCH') {
      const payload = await payloadOf(req.body);
      if (payload.isArray) throw new ApiError(400, 'PGRST102', 'A PATCH body must be a single JSON object');
      mutation = {
        kind: 'update',
        columns: writeColumns(rel, apiReq, payload),
        // The single object, without the array brackets parsePayload adds (or JSON.stringify did).
        payload: payload.json.slice(1, -1),
      };
    } else {
      mutation = { kind: 'delete' };
    }
  }
  const representation = prefer.return === 'representation';
  const result = await withStatementScope(ctx, false, async (tx) => {
    if (mutation.kind === 'update' && mutation.columns.length === 0)
      return { body: '[]', page: 0, location: null };
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
  const total = prefer.count ? String(result.page) : '*';
  if (method === 'POST') {
    reply.code(201).header('content-range', `*/${total}`);
    if (single && result.location) reply.header('location', locationOf(rel.name, result.location));
  } else {
    reply
      .code(representation ? 200 : 204)
      .header('content-range', result.page ? `0-${result.page - 1}/${total}` : `*/${total}`);
  }
  if (!representation) return reply.send();
  return sendBody(reply, apiReq.media, result.body, result.page);
}

/** `/people?id=eq.<uuid>` from the primary key of the inserted row. */
function locationOf(table: string, pkJson: string): string {
  const pk = JSON.parse(pkJson) as Record<string, unknown>;
  const query = Object.entries(pk)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=eq.${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    )
    .join('&');
  return `/${encodeURIComponent(table)}?${query}`;
}
