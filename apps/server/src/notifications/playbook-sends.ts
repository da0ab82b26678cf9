import type { Queryable } from '../db/types.js';

/**
 * A send to a playbook whose run could not be started (the playbook does not exist, may not be
 * run for the rule, or refused its parameters): the row becomes `error` with the reason. Its
 * run, when there is one, settles it instead (migration 233). Only a row still waiting for its
 * run changes, so a second delivery of the request cannot undo a run that started.
 */
export async function failPlaybookSend(db: Queryable, historyId: string, error: string): Promise<void> {
  await db.query(
    `UPDATE notification_send_history SET status = 'error', error = $2
     WHERE id = $1 AND status = 'pending_playbook_run'`,
    [historyId, error],
  );
}
