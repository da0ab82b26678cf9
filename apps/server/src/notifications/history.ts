import type { SendStatus } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { EventResource } from './event-resource.js';

/** One history row to write. */
export type HistoryEntry = {
  /** Given when the row must be known before it is written (a group's first row). */
  id?: string;
  notificationId: string;
  sourceEvent: string;
  resource: EventResource;
  status: SendStatus;
  recipient: string;
  personId?: string;
  silencedBy?: string;
  /** The maintenance window that held it (status `maintenance`). */
  maintenanceWindowId?: string;
  /** The row this one follows from: the `sent` row that inhibited it. */
  parentId?: string;
  notBefore?: Date;
  body?: string;
  error?: string;
  durationMillis?: number;
  payload?: unknown;
  groupKey?: string;
  groupId?: string;
};

/** Blocked rows of the same rule, event, resource, recipient and status within this window are one row. */
export const DEDUP_WINDOW = '24 hours';

export async function insertHistory(db: Queryable, e: HistoryEntry): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO notification_send_history (id, notification_id, source_event, resource_id, resource_type,
       resource, status, recipient, person_id, silenced_by, not_before, body, error, duration_millis, payload,
       group_key, group_id, parent_id, maintenance_window_id)
     VALUES (coalesce($15::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
       $16, $17, $18, $19) RETURNING id`,
    [
      e.notificationId,
      e.sourceEvent,
      e.resource.id,
      e.resource.type,
      JSON.stringify(e.resource.summary),
      e.status,
      e.recipient,
      e.personId ?? null,
      e.silencedBy ?? null,
      e.notBefore ?? null,
      e.body ?? null,
      e.error ?? null,
      e.durationMillis ?? null,
      e.payload === undefined ? null : JSON.stringify(e.payload),
      e.id ?? null,
      e.groupKey ?? null,
      e.groupId ?? null,
      e.parentId ?? null,
      e.maintenanceWindowId ?? null,
    ],
  );
  return rows[0]?.id ?? '';
}

/**
 * A blocked outcome (repeat-interval, silenced, inhibited, skipped): bumps the count of the same outcome
 * within DEDUP_WINDOW instead of adding a row, so a flapping resource keeps one line.
 */
export async function recordBlocked(db: Queryable, e: HistoryEntry): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE notification_send_history SET count = count + 1, created_at = now(),
       silenced_by = coalesce($6, silenced_by), error = coalesce($7, error), parent_id = coalesce($8, parent_id),
       maintenance_window_id = coalesce($9, maintenance_window_id)
     WHERE id = (
       SELECT id FROM notification_send_history
       WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3 AND status = $4
         AND recipient IS NOT DISTINCT FROM $5 AND created_at > now() - interval '${DEDUP_WINDOW}'
       ORDER BY created_at DESC LIMIT 1
     ) RETURNING id`,
    [
      e.notificationId,
      e.resource.id,
      e.sourceEvent,
      e.status,
      e.recipient,
      e.silencedBy ?? null,
      e.error ?? null,
      e.parentId ?? null,
      e.maintenanceWindowId ?? null,
    ],
  );
  return rows[0]?.id ?? insertHistory(db, e);
}

/** A `sent` row of this rule, event, resource and recipient within the last `ms`, if any. */
export async function sentWithin(
  db: Queryable,
  key: { notificationId: string; resourceId: string; sourceEvent: string; recipient: string },
  ms: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM notification_send_history
     WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3
       AND status = 'sent' AND recipient IS NOT DISTINCT FROM $4 AND created_at > now() - make_interval(secs => $5::float8 / 1000)
     ORDER BY created_at DESC LIMIT 1`,
    [key.notificationId, key.resourceId, key.sourceEvent, key.recipient, ms],
  );
  return rows[0]?.id;
}

/** How a held or reserved row ended. */
export type Outcome = Pick<
  HistoryEntry,
  'status' | 'error' | 'body' | 'durationMillis' | 'silencedBy' | 'maintenanceWindowId'
>;

/** Writes the outcome over a pending (wait_for) row. */
export async function settleHistory(db: Queryable, id: string, o: Outcome): Promise<void> {
  await db.query(
    `UPDATE notification_send_history SET status = $2, error = $3, body = $4, duration_millis = $5,
       silenced_by = $6, maintenance_window_id = $7, created_at = now(), payload = NULL
     WHERE id = $1`,
    [
      id,
      o.status,
      o.error ?? null,
      o.body ?? null,
      o.durationMillis ?? null,
      o.silencedBy ?? null,
      o.maintenanceWindowId ?? null,
    ],
  );
}
