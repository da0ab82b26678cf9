import os from 'node:os';
import type { ServerContext } from '../context.js';

export type JobResource = {
  name: string;
  resourceId?: string;
  resourceType?: 'canary' | 'topology' | 'config_scraper' | string;
  agentId?: string;
};

export type JobOutcome = { success?: number; errors?: number; details?: Record<string, unknown> } | void;

const isEmpty = (o: JobOutcome) => !o?.success && !o?.errors && Object.keys(o?.details ?? {}).length === 0;

/**
 * How a run that returned ended, as duty's job history says it: no error is SUCCESS, errors
 * beside successes are WARNING, errors and nothing else (every check of a canary failed) FAILED.
 */
export function outcomeStatus(o: JobOutcome): 'SUCCESS' | 'WARNING' | 'FAILED' {
  if (!o?.errors) return 'SUCCESS';
  return o.success ? 'WARNING' : 'FAILED';
}

/**
 * Runs `fn` and records it in job_history: a RUNNING row first (so a crash leaves a
 * trace), then SUCCESS, WARNING (some errors), FAILED (only errors, or a throw) with the
 * duration and counts.
 * With `skipEmpty` (dispatchers that tick every few seconds and record their real work
 * themselves) a run is written only when it did something or failed, once it has ended.
 */
export async function recordJob<T extends JobOutcome>(
  ctx: Pick<ServerContext, 'db' | 'metrics'>,
  resource: JobResource,
  fn: () => Promise<T>,
  options: { skipEmpty?: boolean } = {},
): Promise<T> {
  const started = new Date();
  const insert = (status: string) =>
    ctx.db.query<{ id: string }>(
      `INSERT INTO job_history (name, resource_id, resource_type, agent_id, status, hostname, time_start)
       VALUES ($1, $2, $3, coalesce($4::uuid, '00000000-0000-0000-0000-000000000000'), $5, $6, $7)
       RETURNING id`,
      [
        resource.name,
        resource.resourceId ?? null,
        resource.resourceType ?? null,
        resource.agentId ?? null,
        status,
        os.hostname(),
        started,
      ],
    );
  let id = options.skipEmpty ? undefined : (await insert('RUNNING')).rows[0]?.id;
  const finish = async (status: string, outcome: JobOutcome, error?: string) => {
    const duration = Date.now() - started.getTime();
    ctx.metrics.jobRuns.inc({ job: resource.name, status });
    ctx.metrics.jobDuration.observe({ job: resource.name }, duration / 1000);
    if (options.skipEmpty && status === 'SUCCESS' && isEmpty(outcome)) return;
    id ??= (await insert(status)).rows[0]?.id;
    const details = { ...(outcome?.details ?? {}), ...(error ? { errors: [error] } : {}) };
    await ctx.db.query(
      `UPDATE job_history SET status = $2, success_count = $3, error_count = $4, details = $5,
         duration_millis = $6, time_end = now() WHERE id = $1`,
      [
        id,
        status,
        outcome?.success ?? 0,
        outcome?.errors ?? (error ? 1 : 0),
        JSON.stringify(details),
        duration,
      ],
    );
  };
  try {
    const outcome = await fn();
    await finish(outcomeStatus(outcome), outcome);
    return outcome;
  } catch (e) {
    await finish('FAILED', undefined, (e as Error).message);
    throw e;
  }
}

/** Marks runs left RUNNING by a process that died as FAILED, so the history stays honest. */
export async function failOrphanedRuns(ctx: Pick<ServerContext, 'db'>): Promise<void> {
  await ctx.db.query(
    `UPDATE job_history SET status = 'FAILED', time_end = now(),
       details = details || '{"errors": ["The server stopped before the job finished"]}'::jsonb
     WHERE status = 'RUNNING' AND hostname = $1`,
    [os.hostname()],
  );
}
