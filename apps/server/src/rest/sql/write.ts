import type { Mutation, NodePlan } from '../plan/types.js';
import type { Relation } from '../schema/types.js';
import { SqlBuilder } from './builder.js';
import { ident, Params, tableSql } from './params.js';
import { bodyAggregate, type Statement } from './read.js';

/**
 * A write and its answer in one statement: the mutation in a CTE `_m` returning whole
 * rows, then the representation (select with embeds over `_m`), the row count and the
 * primary key of the first row (for `Location`). Result columns: body, page, location.
 */
export function writeStatement(
  rel: Relation,
  mutation: Mutation,
  root: NodePlan,
  opts: { representation: boolean; stripNulls: boolean; returnKeys?: boolean },
): Statement {
  const params = new Params();
  const b = new SqlBuilder(params);
  const target = `${tableSql(rel.name)} AS ${ident(root.alias)}`;
  let sql: string;
  if (mutation.kind === 'insert') {
    sql = insertSql(rel, mutation, params, target);
  } else if (mutation.kind === 'update') {
    const p = params.add(mutation.payload);
    const sets = mutation.columns.map((c) => `${ident(c)} = _j.${ident(c)}`).join(', ');
    const where = b.where(root);
    sql = `UPDATE ${target} SET ${sets} FROM json_populate_record(NULL::${tableSql(rel.name)}, ${p}::json) AS _j${where ? ` WHERE ${where}` : ''}`;
  } else {
    const where = b.where(root);
    sql = `DELETE FROM ${target}${where ? ` WHERE ${where}` : ''}`;
  }
  const body = opts.representation
    ? `(SELECT ${bodyAggregate(opts.stripNulls)} FROM (SELECT ${b.list(root)} FROM ${b.from(root, '_m')}) AS _r)`
    : 'NULL::text';
  const pk = rel.primaryKey.map(ident).join(', ');
  const location = pk
    ? `(SELECT row_to_json(_p)::text FROM (SELECT ${pk} FROM _m LIMIT 1) AS _p)`
    : 'NULL::text';
  // The keys of every written row, for the domains' write hooks that act on them.
  const keys =
    opts.returnKeys && pk
      ? `(SELECT coalesce(json_agg(row_to_json(_k)), '[]')::text FROM (SELECT ${pk} FROM _m) AS _k)`
      : 'NULL::text';
  return {
    sql: `WITH _m AS (${sql} RETURNING ${ident(root.alias)}.*) SELECT ${body} AS body, (SELECT count(*) FROM _m)::int AS page, ${location} AS location, ${keys} AS keys`,
    params: params.values,
  };
}

function insertSql(
  rel: Relation,
  m: Extract<Mutation, { kind: 'insert' }>,
  params: Params,
  target: string,
): string {
  if (m.columns.length === 0) return `INSERT INTO ${target} DEFAULT VALUES`;
  const p = params.add(m.payload);
  const values = m.columns.map((c) => {
    if (!m.missingDefault) return `_j.${ident(c)}`;
    // Keys absent from an object take the column default, not NULL.
    const def = rel.columns.get(c)?.defaultSql ?? 'NULL';
    return `CASE WHEN (_o.v::jsonb) ? ${params.add(c)} THEN _j.${ident(c)} ELSE ${def} END`;
  });
  let sql =
    `INSERT INTO ${target} (${m.columns.map(ident).join(', ')}) ` +
    `SELECT ${values.join(', ')} FROM json_array_elements(${p}::json) WITH ORDINALITY AS _o(v, i) ` +
    `CROSS JOIN LATERAL json_populate_record(NULL::${tableSql(rel.name)}, _o.v) AS _j ORDER BY _o.i`;
  if (m.conflict) {
    const updates = m.columns.filter((c) => !m.conflict?.columns.includes(c));
    const action =
      m.conflict.resolution === 'ignore-duplicates' || updates.length === 0
        ? 'DO NOTHING'
        : `DO UPDATE SET ${updates.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')}`;
    sql += ` ON CONFLICT (${m.conflict.columns.map(ident).join(', ')}) ${action}`;
  }
  return sql;
}
