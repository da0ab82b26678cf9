import type { Queryable } from '../db/types.js';

/** At most this many sends are taken at once, and never more than a 50th of the limit. */
const MOST_AT_ONCE = 16;
const SHARE_OF_LIMIT = 50;
/** Sends taken but not used within this time are dropped (they stay counted in the window). */
const KEEP_MS = 10_000;

/** Sends this process has taken from a rule's window and not used yet. */
const inHand = new Map<string, { sends: number; until: number; windowMs: number }>();

/**
 * Takes one send of the rule's rate limit: true when the rule has sent fewer than `limit` in
 * its current window (a fixed window of `windowMs` that starts with the first send after the
 * previous one ended), false when the limit is reached. One statement: the upsert locks the
 * rule's row, and after waiting for it PostgreSQL re-checks the condition on the newest row,
 * so concurrent senders, in one process or several, never exceed the limit (migration 074).
 *
 * For a rule whose limit is 100 or more a burst would make this row the bottleneck, so up to
 * limit ÷ 50 (at most 16) sends are taken at once, pooled in the process and used within
 * 10 s; any left over are lost to the window (never carried into the next), which can only
 * make the limit stricter. With the default limit (50) every send is taken on its own.
 */
export async function takeRateSlot(
  db: Queryable,
  notificationId: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const key = `${notificationId}:${limit}`;
  const useHeld = (): boolean => {
    const held = inHand.get(key);
    if (!held || held.sends <= 0 || held.until <= Date.now() || held.windowMs !== windowMs) return false;
    held.sends--;
    return true;
  };
  if (useHeld()) return true;
  const atOnce = Math.max(1, Math.min(MOST_AT_ONCE, Math.floor(limit / SHARE_OF_LIMIT)));
  const { rows } = await db.query<{ last_grant: number; window_ends: Date }>(
    `INSERT INTO notification_rate_windows AS w (notification_id, window_start, sends, last_grant)
     VALUES ($1, now(), least($4::int, $3::int), least($4::int, $3::int))
     ON CONFLICT (notification_id) DO UPDATE SET
       window_start = CASE WHEN w.window_start <= now() - make_interval(secs => $2::float8 / 1000)
                      THEN now() ELSE w.window_start END,
       sends = CASE WHEN w.window_start <= now() - make_interval(secs => $2::float8 / 1000)
               THEN least($4::int, $3::int) ELSE least(w.sends + $4::int, $3::int) END,
       last_grant = CASE WHEN w.window_start <= now() - make_interval(secs => $2::float8 / 1000)
                    THEN least($4::int, $3::int) ELSE least($4::int, $3::int - w.sends) END
     WHERE w.window_start <= now() - make_interval(secs => $2::float8 / 1000) OR w.sends < $3::int
     RETURNING last_grant, window_start + make_interval(secs => $2::float8 / 1000) AS window_ends`,
    [notificationId, windowMs, limit, atOnce],
  );
  const granted = rows[0]?.last_grant ?? 0;
  // The window is used up, unless senders that came together pooled what they did not use.
  if (granted <= 0) return useHeld();
  // Sends of this window are not carried into the next: they were counted in this one.
  const until = Math.min(Date.now() + KEEP_MS, new Date(rows[0]?.window_ends ?? 0).getTime());
  if (granted > 1) {
    // Senders that came together each took some: what they did not use is pooled, not lost.
    const pooled = inHand.get(key);
    const still = pooled && pooled.until > Date.now() && pooled.windowMs === windowMs ? pooled.sends : 0;
    inHand.set(key, { sends: still + granted - 1, until, windowMs });
  }
  return true;
}
