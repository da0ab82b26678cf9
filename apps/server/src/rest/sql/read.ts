import type { NodePlan } from '../plan/types.js';
import { SqlBuilder } from './builder.js';
import { ident, Params, tableSql } from './params.js';

export type Statement = { sql: string; params: string[] };

/** `json_agg` of the rows as text, optionally without null fields. */
export function bodyAggregate(stripNulls: boolean): string {
  return stripNulls
    ? `json_strip_nulls(coalesce(json_agg(_r), '[]'))::text`
    : `coalesce(json_agg(_r), '[]')::text`;
}

/**
 * One statement for a read: the page as JSON text, its row count, and the exact total
 * when asked (a sub-query over the same WHERE, so one round trip).
 * Result columns: body text, page int, total text|null.
 */
export function readStatement(
  root: NodePlan,
  opts: { source?: string; params?: Params; exactCount: boolean; stripNulls: boolean; withoutBody?: boolean },
): Statement {
  const params = opts.params ?? new Params();
  const b = new SqlBuilder(params);
  const source = opts.source ?? tableSql(root.relation.name);
  const where = b.where(root);
  const whereSql = where ? ` WHERE ${where}` : '';
  const page = `SELECT ${b.list(root)} FROM ${b.from(root, source)}${whereSql}${b.orderBy(root)}${b.paging(root)}`;
  const total = opts.exactCount
    ? `(SELECT count(*) FROM ${source} AS ${ident(root.alias)}${whereSql})::text`
    : 'NULL::text';
  return {
    sql: `SELECT ${opts.withoutBody ? 'NULL::text' : bodyAggregate(opts.stripNulls)} AS body, count(*)::int AS page, ${total} AS total FROM (${page}) AS _r`,
    params: params.values,
  };
}

/** EXPLAIN of the count, for `Prefer: count=planned|estimated`. */
export function plannedCountStatement(root: NodePlan, source?: string, params = new Params()): Statement {
  const b = new SqlBuilder(params);
  const where = b.where(root);
  return {
    sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source ?? tableSql(root.relation.name)} AS ${ident(root.alias)}${where ? ` WHERE ${where}` : ''}`,
    params: params.values,
  };
}
