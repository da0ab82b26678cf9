import { bodyText, UnreadableBody } from '../body.js';
import { ApiError } from '../errors.js';
import type { ApiRequest } from '../parse/types.js';
import type { Relation } from '../schema/types.js';
import type { Mutation, NodePlan } from './types.js';

export type Payload = { rows: Record<string, unknown>[]; isArray: boolean; json: string };

export type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

/** A write's method with its body, as the table's write hook left it. */
export type WriteBody = { method: 'POST' | 'PATCH'; payload: Payload } | { method: 'DELETE' };

/** What the SQL stage writes, and whether the answer names one new row (`Location`). */
export type WritePlan = { mutation: Mutation; single: boolean };

/**
 * PATCH and DELETE must be filtered: without a filter they would change every row. Checked
 * before the body is read (or a write hook sees it), as PostgREST does.
 */
export function requireFilter(rel: Relation, method: WriteMethod, root: NodePlan): void {
  if (method === 'POST' || root.conditions.length > 0) return;
  const verb = method === 'PATCH' ? 'UPDATE' : 'DELETE';
  throw new ApiError(
    400,
    '21000',
    `${verb} requires a WHERE clause`,
    `${method} /api/db/${rel.name} without a filter would change every row`,
    'Add a filter such as ?id=eq.<id>. To change every row on purpose, use a filter every row matches.',
  );
}

/**
 * Plans a write on `rel` (its rows are chosen by the read plan's filters): POST inserts (an
 * upsert with `Prefer: resolution`), PATCH updates with one object, DELETE deletes.
 */
export function planWrite(rel: Relation, req: ApiRequest, body: WriteBody): WritePlan {
  if (body.method === 'DELETE') return { mutation: { kind: 'delete' }, single: false };
  const { payload } = body;
  if (body.method === 'PATCH') {
    if (payload.isArray) throw new ApiError(400, 'PGRST102', 'A PATCH body must be a single JSON object');
    return {
      mutation: {
        kind: 'update',
        columns: writeColumns(rel, req, payload),
        // The single object, without the array brackets parsePayload adds (or JSON.stringify did).
        payload: payload.json.slice(1, -1),
      },
      single: false,
    };
  }
  const mutation: Mutation = {
    kind: 'insert',
    columns: writeColumns(rel, req, payload),
    payload: payload.json,
    missingDefault: req.prefer.missing === 'default',
    conflict: req.prefer.resolution
      ? { columns: conflictColumns(rel, req), resolution: req.prefer.resolution }
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
  return { mutation, single: !payload.isArray };
}

/** The parsed JSON body of a write: one object or an array of objects. */
export function parsePayload(body: unknown): Payload {
  if (body instanceof UnreadableBody) throw new ApiError(400, 'PGRST102', body.reason);
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(body)) return { rows: [body], isArray: false, json: `[${bodyText(body)}]` };
  if (Array.isArray(body) && body.every(isObject)) return { rows: body, isArray: true, json: bodyText(body) };
  if (body === undefined) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  throw new ApiError(
    400,
    'PGRST102',
    'All object keys must match',
    'The body must be a JSON object or an array of objects',
  );
}

/** The columns a write sets: the `columns` parameter, or every key of the payload. */
function writeColumns(rel: Relation, req: ApiRequest, payload: Payload): string[] {
  const cols = req.columns ?? [...new Set(payload.rows.flatMap((r) => Object.keys(r)))];
  for (const c of cols) {
    if (!rel.columns.has(c)) {
      throw new ApiError(
        400,
        'PGRST204',
        `Could not find the '${c}' column of '${rel.name}' in the schema cache`,
      );
    }
  }
  return cols;
}

/** Columns an upsert conflicts on: `on_conflict`, else the primary key. */
function conflictColumns(rel: Relation, req: ApiRequest): string[] {
  const cols = req.onConflict ?? rel.primaryKey;
  if (!cols.length) {
    throw new ApiError(400, 'PGRST100', `"${rel.name}" has no primary key: give on_conflict for an upsert`);
  }
  for (const c of cols)
    if (!rel.columns.has(c)) throw new ApiError(400, '42703', `column ${rel.name}.${c} does not exist`);
  return cols;
}
