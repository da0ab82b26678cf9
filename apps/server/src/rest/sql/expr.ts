import type { ColumnExpr, PlannedCondition, Redaction } from '../plan/types.js';
import { arrayLiteral, castSql, ident, type Params } from './params.js';
import { ownTable } from '@opsdeck/shared';

/** The SQL functions (migrations 050 and 130) a redacted column is read through. */
const REDACT_FUNCTION: Record<Redaction, string> = {
  spec: 'redact_secrets',
  parameters: 'redact_run_parameters',
  secret: 'mask_secret',
  sealed: 'mask_sealed',
};

/** `"t0"."labels"->$1::text->>$2::text`, then the cast; a redacted column through its mask first. */
export function columnSql(alias: string, expr: ColumnExpr, params: Params): string {
  let sql = `${ident(alias)}.${ident(expr.column)}`;
  if (expr.redact) {
    const arg = expr.redact !== 'secret' && expr.columnType === 'json' ? `(${sql})::jsonb` : sql;
    // A run's parameters are masked by the types its spec (same row) gives them.
    const spec = expr.redact === 'parameters' ? `, (${ident(alias)}.${ident('spec')})::jsonb` : '';
    sql = `${REDACT_FUNCTION[expr.redact]}(${arg}${spec})`;
  }
  if (expr.path.length && expr.columnType === 'json') sql = `(${sql})::jsonb`;
  for (const step of expr.path) {
    const key = typeof step.key === 'number' ? `(${step.key})` : `${params.add(step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
  }
  if (expr.cast) sql = `(${sql})::${castSql(expr.cast, true)}`;
  return sql;
}

/** The type a value compared with `expr` is cast to. */
function valueType(expr: ColumnExpr): string {
  return expr.cast ? castSql(expr.cast, true) : expr.type;
}

const COMPARE: Record<string, string> = ownTable({
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
});
const PATTERN: Record<string, string> = ownTable({ like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' });
const RANGE: Record<string, string> = ownTable({
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
});
const TS_QUERY: Record<string, string> = ownTable({
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
});
const IS: Record<string, string> = ownTable({
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
});

/** One filter as SQL; `embedExists` renders `rel=is.null` conditions. */
export function conditionSql(
  alias: string,
  cond: PlannedCondition,
  params: Params,
  embedExists: (cond: Extract<PlannedCondition, { type: 'embedNull' }>) => string,
): string {
  if (cond.type === 'embedNull') return embedExists(cond);
  if (cond.type === 'logic') {
    const joined = cond.children
      .map((c) => conditionSql(alias, c, params, embedExists))
      .join(cond.op === 'and' ? ' AND ' : ' OR ');
    return `${cond.negated ? 'NOT ' : ''}(${joined})`;
  }
  const { expr, filter } = cond;
  const lhs = columnSql(alias, expr, params);
  const type = valueType(expr);
  const one = () => `${params.add(String(filter.value))}::${type}`;
  const list = (t: string) =>
    `${params.add(arrayLiteral(Array.isArray(filter.value) ? filter.value : [filter.value]))}::${t}[]`;
  const asText = expr.category === 'S' && !expr.cast ? lhs : `(${lhs})::text`;
  let sql: string;
  const op = filter.op;
  if (COMPARE[op]) {
    sql = filter.quantifier
      ? `${lhs} ${COMPARE[op]} ${filter.quantifier.toUpperCase()}(${list(type)})`
      : `${lhs} ${COMPARE[op]} ${one()}`;
  } else if (PATTERN[op]) {
    const rhs = filter.quantifier
      ? `${filter.quantifier.toUpperCase()}(${list('text')})`
      : `${params.add(String(filter.value))}::text`;
    sql = `${asText} ${PATTERN[op]} ${rhs}`;
  } else if (op === 'in') {
    sql = `${lhs} = ANY(${list(type)})`;
  } else if (op === 'is') {
    sql = `${lhs} ${IS[String(filter.value)]}`;
  } else if (op === 'isdistinct') {
    sql = `${lhs} IS DISTINCT FROM ${one()}`;
  } else if (RANGE[op]) {
    sql = `${lhs} ${RANGE[op]} ${one()}`;
  } else {
    const config = filter.ftsConfig === undefined ? '' : `${params.add(filter.ftsConfig)}::regconfig, `;
    const vector = expr.type === 'tsvector' ? lhs : `to_tsvector(${config}${asText})`;
    sql = `${vector} @@ ${TS_QUERY[op]}(${config}${params.add(String(filter.value))}::text)`;
  }
  return filter.negated ? `NOT (${sql})` : sql;
}
