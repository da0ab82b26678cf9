import type { Queryable } from '../db/types.js';
import type { CheckResult } from './run-check.js';

export type RecordedCheck = {
  previous: string | null;
  status: 'healthy' | 'unhealthy';
  transitioned: boolean;
};

/**
 * Stores one result in a single statement (atomic, one round trip): the status row, the
 * check's status and times, the check's trailing-hour stats and its cached summary entry. A
 * status change queues `check.passed` / `check.failed` (a first run only when it fails) through
 * the trigger on `checks`, in the same statement (migration 060, docs/events.md).
 * The statement is the function `record_check_result` (migration 214), so the database plans
 * it once per connection rather than once per result.
 */
export async function recordCheckResult(
  db: Queryable,
  checkId: string,
  result: CheckResult,
  nextRuntime: Date | null,
): Promise<RecordedCheck | undefined> {
  const status = result.pass ? 'healthy' : 'unhealthy';
  const { rows } = await db.query<{ previous: string | null }>(
    'SELECT previous FROM record_check_result($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      checkId,
      status,
      result.time,
      nextRuntime,
      result.durationMs,
      result.pass,
      result.message,
      result.error,
      JSON.stringify(result.details),
    ],
  );
  const row = rows[0];
  if (!row) return undefined;
  const transitioned = row.previous !== status && (row.previous !== null || !result.pass);
  return { previous: row.previous, status, transitioned };
}
