-- Inhibitions (docs/notifications.md, "Inhibitions"): Mission Control's `inhibitions` of a rule,
-- and the history status of a send held back by one. `parent_id` names the `sent` row that
-- inhibited it.
ALTER TABLE notifications ADD COLUMN inhibitions jsonb;
ALTER TABLE notification_send_history ADD COLUMN parent_id uuid;
ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check;
ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_status_check CHECK (
  status IN ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced', 'skipped', 'inhibited')
);

-- The view reads n.*, which was expanded when it was made: made again to show the new column.
DROP VIEW notifications_summary;
CREATE VIEW notifications_summary AS
SELECT n.*,
  coalesce(s.pending, 0)::int AS pending,
  coalesce(s.failed, 0)::int AS failed,
  coalesce(s.sent, 0)::int AS sent,
  s.avg_duration_ms,
  (SELECT h.error FROM notification_send_history h
   WHERE h.notification_id = n.id AND h.status = 'error' AND h.error IS NOT NULL
   GROUP BY h.error ORDER BY count(*) DESC, max(h.created_at) DESC LIMIT 1) AS most_common_error,
  p.name AS created_by_name,
  p.email AS created_by_email
FROM notifications n
LEFT JOIN (
  SELECT notification_id,
    count(*) FILTER (WHERE status = 'pending') AS pending,
    count(*) FILTER (WHERE status = 'error') AS failed,
    count(*) FILTER (WHERE status = 'sent') AS sent,
    round(avg(duration_millis) FILTER (WHERE status IN ('sent', 'error')))::int AS avg_duration_ms
  FROM notification_send_history GROUP BY notification_id
) s ON s.notification_id = n.id
LEFT JOIN people p ON p.id = n.created_by;
