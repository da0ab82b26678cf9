import { TABLE_ACCESS } from '@opsdeck/shared';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from './context.js';
import type { Queryable } from './db/types.js';

/**
 * "No secret reaches a reader" on the routes outside the data API (docs/connections.md,
 * Masking). There is one masking rule, the SQL functions of migrations 050 and 130; the data
 * API applies them per column from TABLE_ACCESS `secrets`, and every other route that returns
 * a spec, a playbook or a run reads the same columns through the same functions, decided the
 * same way: whole only for callers who may write the table the column's rule names.
 */

/** The table whose write permission reveals `table.column` (its `revealTo`), if it is masked at all. */
function revealTableOf(table: string, column: string): string | undefined {
  const rule = Object.hasOwn(TABLE_ACCESS, table) ? TABLE_ACCESS[table]?.secrets?.[column] : undefined;
  return rule && 'revealTo' in rule ? rule.revealTo : undefined;
}

/**
 * Whether this caller reads `table.column` whole (it may write the table the rule names), as
 * the data API decides it. Throws for a column with no `spec`-like rule: a route that asks
 * about a column it believes holds credentials must have that column listed.
 */
export async function readsWhole(
  ctx: ServerContext,
  req: FastifyRequest,
  table: string,
  column = 'spec',
): Promise<boolean> {
  const revealTo = revealTableOf(table, column);
  if (!revealTo) throw new Error(`${table}.${column} has no masking rule in TABLE_ACCESS`);
  return (await ctx.dataAccess(req, { kind: 'table', name: revealTo }, 'write')).ok;
}

/** `expr AS name` for a spec-like JSON expression: whole, or through redact_secrets. */
export function specSql(expr: string, whole: boolean, name: string): string {
  return whole ? `${expr} AS ${name}` : `redact_secrets((${expr})::jsonb) AS ${name}`;
}

/** A run's parameters (`params`, with its `spec`): whole, or through redact_run_parameters. */
export function runParametersSql(params: string, spec: string, whole: boolean, name: string): string {
  return whole
    ? `${params} AS ${name}`
    : `redact_run_parameters((${params})::jsonb, (${spec})::jsonb) AS ${name}`;
}

/**
 * A JSON value a route built outside SQL (parameters rendered from a spec), masked by the same
 * SQL function unless `whole`.
 */
export async function maskedJson<T>(db: Queryable, value: T, whole: boolean): Promise<T> {
  if (whole) return value;
  const { rows } = await db.query<{ masked: T }>('SELECT redact_secrets($1::jsonb) AS masked', [
    JSON.stringify(value),
  ]);
  return rows[0]?.masked as T;
}
