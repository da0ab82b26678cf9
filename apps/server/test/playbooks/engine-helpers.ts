import crypto from 'node:crypto';
import { isFinalRunStatus } from '@opsdeck/shared';
import type { ServerContext } from '../../src/context.js';
import type { Queryable } from '../../src/db/types.js';
import { runDuePlaybooks, type RunDueOptions } from '../../src/playbooks/engine/index.js';

/** What one server process hands the engine: the same as it hands the event consumer. */
export { eventContext as engineContext } from '../events/context.js';

export type RunInput = {
  parameters?: Record<string, string>;
  /** Nanoseconds. */
  timeoutNs?: number;
  configId?: string;
  createdBy?: string;
};

/**
 * A playbook with `spec` and one run of it, status scheduled, with a copy of the spec, as the
 * API would create it (the API is not part of the engine's tests).
 */
export async function insertRun(
  q: Queryable,
  spec: Record<string, unknown>,
  input: RunInput = {},
): Promise<string> {
  const name = `pb-${crypto.randomBytes(4).toString('hex')}`;
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO playbooks (name, title, spec) VALUES ($1, $1, $2::jsonb) RETURNING id`,
    [name, JSON.stringify(spec)],
  );
  const run = await q.query<{ id: string }>(
    `INSERT INTO playbook_runs (playbook_id, spec, status, parameters, timeout, config_id, created_by)
     VALUES ($1, $2::jsonb, 'scheduled', $3::jsonb, $4, $5, $6) RETURNING id`,
    [
      rows[0]!.id,
      JSON.stringify(spec),
      JSON.stringify(input.parameters ?? {}),
      input.timeoutNs ?? 1_800_000_000_000,
      input.configId ?? null,
      input.createdBy ?? null,
    ],
  );
  return run.rows[0]!.id;
}

export type RunRow = {
  id: string;
  status: string;
  error: string | null;
  start_time: Date | null;
  end_time: Date | null;
  claimed_by: string | null;
};

export async function runRow(q: Queryable, id: string): Promise<RunRow> {
  const { rows } = await q.query<RunRow>(
    'SELECT id, status, error, start_time, end_time, claimed_by FROM playbook_runs WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

export type AttemptRow = {
  name: string;
  status: string;
  retry_count: number;
  start_time: Date | null;
  scheduled_time: Date;
  end_time: Date | null;
  result: Record<string, unknown> | null;
  error: string | null;
};

/** The run's attempts in the order the run page shows them. */
export async function attempts(q: Queryable, runId: string): Promise<AttemptRow[]> {
  const { rows } = await q.query<AttemptRow>(
    `SELECT name, status, retry_count, start_time, scheduled_time, end_time, result, error
     FROM get_playbook_run_actions($1)`,
    [runId],
  );
  return rows;
}

/** Runs the engine until the run is final (or `timeoutMs` passes), as the job would. */
export async function drive(
  ctx: ServerContext,
  runId: string,
  options: RunDueOptions & { timeoutMs?: number } = {},
): Promise<RunRow> {
  const until = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    await runDuePlaybooks(ctx, { watchMs: 100, ...options });
    const run = await runRow(ctx.db, runId);
    if (isFinalRunStatus(run.status) && !run.claimed_by) return run;
    if (Date.now() > until) throw new Error(`run ${runId} still ${run.status} after the test's time`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** An exec action. */
export const exec = (name: string, script: string, extra: Record<string, unknown> = {}) => ({
  name,
  exec: { script },
  ...extra,
});
