import { bodyText, UnreadableBody } from '../body.js';
import { ApiError } from '../errors.js';
import type { ApiRequest } from '../parse/types.js';
import type { Relation } from '../schema/types.js';

export type Payload = { rows: Record<string, unknown>[]; isArray: boolean; json: string };

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
export function writeColumns(rel: Relation, req: ApiRequest, payload: Payload): string[] {
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
export function conflictColumns(rel: Relation, req: ApiRequest): string[] {
  const cols = req.onConflict ?? rel.primaryKey;
  if (!cols.length) {
    throw new ApiError(400, 'PGRST100', `"${rel.name}" has no primary key: give on_conflict for an upsert`);
  }
  for (const c of cols)
    if (!rel.columns.has(c)) throw new ApiError(400, '42703', `column ${rel.name}.${c} does not exist`);
  return cols;
}
