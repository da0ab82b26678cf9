-- The rate limit per notification rule (NOTIFICATION_RATE_LIMIT per NOTIFICATION_RATE_WINDOW):
-- one row per rule with the start of its current window and the sends counted in it. Taking a
-- slot is one upsert that locks the row, so consumers handling events side by side, in one
-- process or several, never let more than the limit through, and the cost of a send does not
-- grow with the history. A process may take a few sends at once for a rule with a high limit
-- (notifications/rate-limit.ts); last_grant says how many the last upsert gave.
CREATE TABLE notification_rate_windows (
  notification_id uuid PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  sends integer NOT NULL,
  last_grant integer NOT NULL
);
