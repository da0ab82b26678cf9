import type { PlaybookSpec } from '@opsdeck/shared';
import type { Queryable } from '../../db/types.js';
import { nextSlot } from './cron.js';

/**
 * Brings playbook_schedules in step with the written playbooks: one row per `on.schedule`
 * entry of a live playbook. An entry whose cron is unchanged keeps its next slot (so a save
 * never fires or skips a slot); a new or changed one starts from now; the rest are removed.
 */
export async function syncSchedules(q: Queryable, ids: readonly string[]): Promise<void> {
  const { rows } = await q.query<{ id: string; spec: PlaybookSpec; deleted_at: string | null }>(
    'SELECT id, spec, deleted_at FROM playbooks WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const now = new Date();
  for (const row of rows) {
    const entries = row.deleted_at ? [] : (row.spec.on?.schedule ?? []);
    await q.query('DELETE FROM playbook_schedules WHERE playbook_id = $1 AND idx >= $2', [
      row.id,
      entries.length,
    ]);
    for (const [idx, entry] of entries.entries()) {
      const next = nextSlot(entry.schedule, now);
      if (!next) continue;
      await q.query(
        `INSERT INTO playbook_schedules (playbook_id, idx, schedule, next_run_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (playbook_id, idx) DO UPDATE SET schedule = excluded.schedule, next_run_at = excluded.next_run_at
         WHERE playbook_schedules.schedule IS DISTINCT FROM excluded.schedule`,
        [row.id, idx, entry.schedule, next],
      );
    }
  }
}
