import type { Queryable } from '../db/types.js';

/**
 * Takes one send of the rule's rate limit: true when the rule has sent fewer than `limit` in
 * its current window (a fixed window of `windowMs` that starts with the first send after the
 * previous one ended), false when the limit is reached. One statement: the upsert locks the
 * rule's row, and after waiting for it PostgreSQL re-checks the condition on the newest row,
 * so concurrent senders never exceed the limit (migration 074).
 */
export async function takeRateSlot(
  db: Queryable,
  notificationId: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO notification_rate_windows AS w (notification_id, window_start, sends)
     VALUES ($1, now(), 1)
     ON CONFLICT (notification_id) DO UPDATE SET
       window_start = CASE WHEN w.window_start <= now() - make_interval(secs => $2::float8 / 1000)
                      THEN now() ELSE w.window_start END,
       sends = CASE WHEN w.window_start <= now() - make_interval(secs => $2::float8 / 1000)
               THEN 1 ELSE w.sends + 1 END
     WHERE w.window_start <= now() - make_interval(secs => $2::float8 / 1000) OR w.sends < $3
     RETURNING sends`,
    [notificationId, windowMs, limit],
  );
  return rows.length > 0 && limit > 0;
}
