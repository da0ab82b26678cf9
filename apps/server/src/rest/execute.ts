import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import type { Statement } from './sql/read.js';

/**
 * Runs one request's statements in a transaction with the statement timeout and, for
 * reads, READ ONLY. PGlite ignores the driver options, so READ ONLY is set here; PGlite
 * cannot cancel a running statement, so it has no timeout (docs/data-api.md).
 */
export function inTransaction<T>(
  ctx: ServerContext,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(
    async (tx) => {
      if (readOnly && ctx.db.kind === 'pglite') await tx.query('SET TRANSACTION READ ONLY');
      return fn(tx);
    },
    { statementTimeoutMs: ctx.config.db.statementTimeoutMs, readOnly },
  );
}

type PlanNode = { Plan?: { 'Plan Rows'?: number } };

/** The planner's row estimate for a count statement (EXPLAIN FORMAT JSON). */
export async function plannedCount(tx: Queryable, stmt: Statement): Promise<number> {
  const r = await tx.query<Record<string, unknown>>(stmt.sql, stmt.params);
  let plan = r.rows[0] ? Object.values(r.rows[0])[0] : undefined;
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const rows = Array.isArray(plan) ? (plan[0] as PlanNode | undefined)?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' ? Math.round(rows) : 0;
}

export type ReadRow = { body: string | null; page: number; total: string | null };

/** The one row an aggregate statement always returns. */
export function firstRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row');
  return row;
}
