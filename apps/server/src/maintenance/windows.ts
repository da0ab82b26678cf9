import {
  maintenanceNotifySchema,
  maintenanceSelectorSchema,
  type MaintenanceNotify,
  type MaintenanceSelector,
  type MaintenanceTiming,
} from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';

/** A live window as the job reads it. */
export type LiveWindow = MaintenanceTiming & {
  id: string;
  name: string;
  description: string | null;
  selectors: MaintenanceSelector[];
  notify: MaintenanceNotify | null;
};

const iso = z
  .union([z.string(), z.date()])
  .nullable()
  .transform((v) => (v instanceof Date ? v.toISOString() : v));

const liveWindowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  starts_at: iso,
  ends_at: iso,
  schedule: z.string().nullable(),
  duration: z.string().nullable(),
  time_zone: z.string().nullable(),
  selectors: z.array(maintenanceSelectorSchema).catch([]),
  notify: maintenanceNotifySchema.nullable().catch(null),
});

/** Every window not deleted whose bounds have not passed before `since`. */
export async function liveWindows(db: Queryable, since: Date): Promise<LiveWindow[]> {
  const { rows } = await db.query(
    `SELECT id, name, description, starts_at, ends_at, schedule, duration, time_zone, selectors, notify
     FROM maintenance_windows WHERE deleted_at IS NULL AND (ends_at IS NULL OR ends_at > $1)
     ORDER BY created_at`,
    [since],
  );
  return rows.map((r) => liveWindowSchema.parse(r));
}
