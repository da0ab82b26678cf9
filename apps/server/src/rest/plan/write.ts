import { ApiError } from '../errors.js';
import type { ApiRequest } from '../parse/types.js';
import type { Relation } from '../schema/types.js';

export type Payload = { rows: Record<string, unknown>[]; isArray: boolean; json: string };

/** Parses a JSON body (sent to the database as it came, after validation). */
export function parsePayload(raw: unknown): Payload {
  const text = typeof raw === 'string' ? raw : '';
  if (!text.trim()) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  // PostgreSQL text cannot hold NUL; refuse it here rather than at the database.
  if (text.includes('\\u0000') || text.includes('\0'))
    throw new ApiError(400, 'PGRST102', 'NUL characters are not allowed in the body');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(value)) return { rows: [value], isArray: false, json: `[${text}]` };
  if (Array.isArray(value) && value.every(isObject)) return { rows: value, isArray: true, json: text };
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
