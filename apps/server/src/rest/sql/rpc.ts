import type { FunctionDef } from '../schema/types.js';
import { ident, type Params } from './params.js';

/**
 * `"fn"("a" => (SELECT …), …)` (of the schema the cache was read from, through the search_path): the arguments travel as one JSON object and are
 * typed by json_to_record, so arrays, JSON and scalars convert like PostgREST does.
 */
export function functionCallSql(fn: FunctionDef, args: Record<string, unknown>, params: Params): string {
  const given = fn.args.filter((a) => Object.hasOwn(args, a.name));
  if (!given.length) return `${ident(fn.name)}()`;
  const p = params.add(JSON.stringify(args));
  const list = given.map(
    (a) =>
      `${ident(a.name)} => (SELECT _a.${ident(a.name)} FROM json_to_record(${p}::json) AS _a(${ident(a.name)} ${a.type}))`,
  );
  return `${ident(fn.name)}(${list.join(', ')})`;
}

/** A scalar or set-of-scalar function: its JSON value, or an array of them. */
export function scalarCallStatement(
  fn: FunctionDef,
  call: string,
  params: Params,
): { sql: string; params: string[] } {
  const sql = fn.returnsSet
    ? `SELECT coalesce(json_agg(_r._v), '[]')::text AS body, count(*)::int AS page, NULL::text AS total FROM ${call} AS _r(_v)`
    : `SELECT to_json(_r._v)::text AS body, 1 AS page, NULL::text AS total FROM ${call} AS _r(_v)`;
  return { sql, params: params.values };
}

export function voidCallStatement(call: string, params: Params): { sql: string; params: string[] } {
  return { sql: `SELECT ${call} IS NULL AS done`, params: params.values };
}
