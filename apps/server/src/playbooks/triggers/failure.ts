import os from 'node:os';
import type { Queryable } from '../../db/types.js';
import { CelError, TemplateError } from '../../expr/index.js';
import { HttpError } from '../../platform/http-error.js';

/** The job_history name of a trigger that could not create a run. */
export const TRIGGER_JOB = 'PlaybookTrigger';

/**
 * Whether a trigger's error is about the playbook (a bad filter, a parameter the spec does not
 * allow): it is recorded and the trigger moves on. Anything else (the database) is thrown, so
 * the event is retried.
 */
export function isPlaybookProblem(e: unknown): e is Error {
  return (
    e instanceof CelError ||
    e instanceof TemplateError ||
    (e instanceof HttpError && e.statusCode >= 400 && e.statusCode < 500)
  );
}

/** A FAILED job_history row naming the playbook and why no run was created. */
export async function recordTriggerFailure(
  q: Queryable,
  playbookId: string,
  message: string,
  details: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `INSERT INTO job_history (name, resource_id, resource_type, status, hostname, time_start, time_end,
       error_count, details)
     VALUES ($1, $2, 'playbook', 'FAILED', $3, now(), now(), 1, $4)`,
    [TRIGGER_JOB, playbookId, os.hostname(), JSON.stringify({ ...details, errors: [message] })],
  );
}
