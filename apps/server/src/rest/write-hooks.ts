import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import type {
  DataRow,
  DataWriteContext,
  DataWriteHook,
  DataWriteHooks,
} from '../platform/data-write-hook.js';
import { ApiError } from './errors.js';
import type { Payload } from './plan/write.js';

/** The hook a domain declared for a table (its module's `writeHooks`), if any. */
export function writeHookFor(hooks: DataWriteHooks, table: string): DataWriteHook | undefined {
  return Object.hasOwn(hooks, table) ? hooks[table] : undefined;
}

export function writeContext(ctx: ServerContext, req: FastifyRequest): DataWriteContext {
  return { ctx, req, method: req.method as DataWriteContext['method'] };
}

/** A hook's refusal (an error carrying a 4xx `statusCode`) becomes a PostgREST-style error body. */
function asApiError(e: unknown): unknown {
  const status = (e as { statusCode?: unknown }).statusCode;
  if (e instanceof Error && typeof status === 'number' && status >= 400 && status < 500) {
    const code = (e as { code?: unknown }).code;
    return new ApiError(status, typeof code === 'string' ? code : 'OPSDECK_REFUSED', e.message);
  }
  return e;
}

/** Runs `beforeWrite` over the body rows; the rows it returns are what gets written. */
export async function applyBeforeWrite(
  hook: DataWriteHook,
  payload: Payload,
  w: DataWriteContext,
): Promise<Payload> {
  if (!hook.beforeWrite) return payload;
  let rows: DataRow[];
  try {
    rows = await hook.beforeWrite(payload.rows, w);
  } catch (e) {
    throw asApiError(e);
  }
  return { rows, isArray: payload.isArray, json: JSON.stringify(rows) };
}

/** Runs `afterWrite` in the write's transaction with the primary keys of the written rows. */
export async function applyAfterWrite(
  hook: DataWriteHook,
  tx: Queryable,
  keysJson: string | null,
  w: DataWriteContext,
): Promise<void> {
  if (!hook.afterWrite) return;
  const rows = keysJson ? (JSON.parse(keysJson) as DataRow[]) : [];
  try {
    await hook.afterWrite(tx, rows, w);
  } catch (e) {
    throw asApiError(e);
  }
}
