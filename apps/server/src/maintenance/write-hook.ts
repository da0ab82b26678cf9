import { maintenanceNotifySchema, maintenanceProblems, maintenanceSelectorSchema } from '@opsdeck/shared';
import { z } from 'zod';
import { withCreatedBy } from '../platform/created-by-hook.js';
import type { DataRow, DataWriteHook } from '../platform/data-write-hook.js';
import { SpecWriteError } from '../platform/spec-resource-hook.js';
import { refreshMaintenance } from './refresh.js';

const columnsSchema = z
  .object({
    selectors: z.array(maintenanceSelectorSchema),
    notify: maintenanceNotifySchema.nullable(),
  })
  .partial();

/** Empty text in the form's optional fields means "not set". */
const EMPTY_IS_NULL = ['description', 'starts_at', 'ends_at', 'schedule', 'duration'] as const;

function normalise(input: DataRow): DataRow {
  const row = { ...input };
  for (const c of EMPTY_IS_NULL) if (row[c] === '') row[c] = null;
  if (row.time_zone === '' || row.time_zone === null) row.time_zone = 'UTC';
  // Said before the table's own check would refuse it without naming the field.
  const [from, to] = [row.starts_at, row.ends_at].map((v) => (typeof v === 'string' ? Date.parse(v) : NaN));
  if (from !== undefined && to !== undefined && to <= from)
    throw new SpecWriteError('ends_at: must be after starts_at');
  const r = columnsSchema.safeParse({
    ...('selectors' in row ? { selectors: row.selectors } : {}),
    ...('notify' in row ? { notify: row.notify } : {}),
  });
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new SpecWriteError(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return row;
}

type StoredTiming = {
  starts_at: string | null;
  ends_at: string | null;
  schedule: string | null;
  duration: string | null;
  time_zone: string;
  selectors: unknown;
};

/**
 * Writes to /api/db/maintenance_windows: the body's selectors and notify are checked as they
 * come; the whole row (a PATCH changes part of it) is checked in the write's transaction —
 * the cron expression parses, the time zone exists, the duration is positive, a one-off ends
 * after it starts, at least one selector — and the resources under maintenance are
 * recomputed, so the window takes effect with the write.
 */
const maintenanceHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    return rows.map((input) => {
      const row = normalise(input);
      if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
      return row;
    });
  },
  async afterWrite(tx, rows, w) {
    if (w.method !== 'DELETE') {
      const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
      const { rows: stored } = await tx.query<StoredTiming>(
        `SELECT starts_at::text, ends_at::text, schedule, duration, time_zone, selectors
         FROM maintenance_windows WHERE id = ANY ($1::uuid[]) AND deleted_at IS NULL`,
        [ids],
      );
      for (const s of stored) {
        const problems = maintenanceProblems(s);
        if (problems.length) throw new SpecWriteError(problems.join('; '));
      }
    }
    await refreshMaintenance(tx);
  },
};

export const maintenanceWriteHook = withCreatedBy(maintenanceHook);
