import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import type { Statement } from './sql/read.js';

/**
 * Runs one request's statements under the statement timeout: reads on the database's
 * read-only path, writes in a transaction. PGlite cannot cancel a running statement, so it
 * has no timeout (docs/data-api.md).
 */
export function withStatementScope<T>(
  ctx: ServerContext,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (readOnly) return ctx.db.read(fn);
  return ctx.db.transaction(fn, { statementTimeoutMs: ctx.config.db.statementTimeoutMs });
}

/**
 * Names the person a write transaction acts for, so triggers that keep a changelog (incidents)
 * can say who made an update: `opsdeck.actor`, local to the transaction.
 */
export async function actAs(tx: Queryable, personId: string | undefined): Promise<void> {
  if (personId) await tx.query(`SELECT set_config('opsdeck.actor', $1, true)`, [personId]);
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
