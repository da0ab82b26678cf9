import type { PlaybookSpec } from '@opsdeck/shared';
import type { Db } from '../../db/types.js';
import { renderTemplate } from '../../expr/index.js';
import type { JobDefinition } from '../../jobs/scheduler.js';
import { createRunIn, loadPlaybook, runEnvironment } from '../create-run.js';
import { nextSlot } from './cron.js';
import { isPlaybookProblem, recordTriggerFailure } from './failure.js';
import { secretBox, type SecretBox } from '../../lib/secrets/index.js';

type DueSlot = { playbook_id: string; idx: number; schedule: string; next_run_at: Date | string };

const BATCH = 20;

/** An entry's `parameters`, each rendered as a template when the slot fires. */
async function renderScheduleParams(
  db: Parameters<typeof createRunIn>[0],
  playbookId: string,
  idx: number,
): Promise<Record<string, string>> {
  const playbook = await loadPlaybook(db, playbookId);
  const entry = (playbook.spec as PlaybookSpec).on?.schedule?.[idx];
  const env = await runEnvironment(db, playbook, {}, null);
  return Object.fromEntries(
    Object.entries(entry?.parameters ?? {}).map(([k, v]) => [k, renderTemplate(v, env)]),
  );
}

/**
 * Fires the `on.schedule` slots that are due: each due row is claimed with FOR UPDATE SKIP
 * LOCKED, moved to its next slot after `now` and its run inserted in the same transaction, so
 * two processes never fire one slot twice and a crash fires it neither half-way nor twice.
 * Missed slots (the server was down) fire once, not once per missed slot.
 */
export async function fireDueSchedules(
  db: Db,
  now = new Date(),
  secrets?: SecretBox,
): Promise<{ success: number; errors: number }> {
  let success = 0;
  let errors = 0;
  for (;;) {
    const fired = await db.transaction(async (tx) => {
      const { rows } = await tx.query<DueSlot>(
        `SELECT playbook_id, idx, schedule, next_run_at FROM playbook_schedules WHERE next_run_at <= $1
         ORDER BY next_run_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        [now],
      );
      for (const slot of rows) {
        const next = nextSlot(slot.schedule, now) ?? new Date(now.getTime() + 60_000);
        await tx.query('UPDATE playbook_schedules SET next_run_at = $3 WHERE playbook_id = $1 AND idx = $2', [
          slot.playbook_id,
          slot.idx,
          next,
        ]);
        try {
          const params = await renderScheduleParams(tx, slot.playbook_id, slot.idx);
          await createRunIn(tx, {
            playbookId: slot.playbook_id,
            params,
            trigger: 'schedule',
            createdBy: null,
            ...(secrets ? { secrets } : {}),
          });
          success += 1;
        } catch (e) {
          if (!isPlaybookProblem(e)) throw e;
          errors += 1;
          await recordTriggerFailure(tx, slot.playbook_id, e.message, { schedule: slot.schedule });
        }
      }
      return rows.length;
    });
    if (fired < BATCH) break;
  }
  return { success, errors };
}

/** Every 15 s: the due `on.schedule` slots of live playbooks. */
export const playbookScheduleJob: JobDefinition = {
  name: 'PlaybookSchedules',
  intervalSeconds: 15,
  recordEmptyRuns: false,
  run: (ctx) => fireDueSchedules(ctx.db, new Date(), secretBox(ctx.config)),
};
