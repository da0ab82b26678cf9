-- A playbook as a notification's recipient (docs/notifications.md, "Playbook recipients").
--   notifications.playbook_ref:            the playbook as the rule names it (`ns/name` or `name`),
--                                          looked up when a notification is sent (order-free).
--   notification_send_history.playbook_run_id: the run a send started.
--   playbook_runs.notification_send_id:    the send a run was started for (Mission Control's column).
ALTER TABLE notifications ADD COLUMN playbook_ref text;
ALTER TABLE notification_send_history ADD COLUMN playbook_run_id uuid;
ALTER TABLE playbook_runs ADD COLUMN notification_send_id uuid;
CREATE INDEX playbook_runs_notification_send_idx ON playbook_runs (notification_send_id)
  WHERE notification_send_id IS NOT NULL;

ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check;
ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_status_check CHECK (
  status IN ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced', 'skipped', 'inhibited',
    'pending_playbook_run', 'pending_playbook_completion')
);

-- A send to a playbook becomes a request the playbooks domain takes (event
-- notification.playbook.run, whichever path wrote the row: at once, after wait_for, in a group).
CREATE FUNCTION notification_playbook_request() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rule record;
BEGIN
  IF NEW.status = 'pending_playbook_run' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
    SELECT namespace, playbook_ref, created_by INTO rule FROM notifications WHERE id = NEW.notification_id;
    PERFORM enqueue_event('notification.playbook.run', NEW.id, jsonb_build_object(
      'id', NEW.id, 'notification_id', NEW.notification_id, 'namespace', rule.namespace,
      'playbook', rule.playbook_ref, 'created_by', rule.created_by, 'source_event', NEW.source_event,
      'resource_type', NEW.resource_type, 'resource_id', NEW.resource_id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER notification_playbook_request AFTER INSERT OR UPDATE OF status ON notification_send_history
  FOR EACH ROW EXECUTE FUNCTION notification_playbook_request();

-- The run made for a send links it at once, in the transaction that creates the run, and its end
-- settles it, with Mission Control's texts: completed → sent, otherwise error.
CREATE FUNCTION playbook_run_settles_send() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.notification_send_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE notification_send_history SET status = 'pending_playbook_completion', playbook_run_id = NEW.id,
      error = NULL
    WHERE id = NEW.notification_send_id AND status = 'pending_playbook_run';
  ELSIF NEW.status IN ('completed', 'failed', 'timed_out', 'cancelled') AND OLD.status IS DISTINCT FROM NEW.status THEN
    UPDATE notification_send_history SET
      status = CASE WHEN NEW.status = 'completed' THEN 'sent' ELSE 'error' END,
      error = CASE NEW.status
        WHEN 'completed' THEN NULL
        WHEN 'failed' THEN 'playbook failed with an error: ' || coalesce(NEW.error, 'an action failed')
        WHEN 'timed_out' THEN 'playbook timed out'
        ELSE 'playbook was cancelled'
      END,
      playbook_run_id = NEW.id,
      duration_millis = (extract(epoch FROM (coalesce(NEW.end_time, now()) - NEW.created_at)) * 1000)::int
    WHERE id = NEW.notification_send_id AND status IN ('pending_playbook_run', 'pending_playbook_completion');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER playbook_run_settles_send AFTER INSERT OR UPDATE OF status ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_run_settles_send();

-- The history list shows the run a playbook recipient started.
CREATE OR REPLACE VIEW notification_send_history_summary AS
SELECT h.id, h.notification_id, h.created_at, h.first_observed, h.count, h.source_event, h.resource_id,
  h.resource_type, h.resource, h.status, h.recipient, h.person_id, h.silenced_by, h.not_before, h.error,
  h.duration_millis, n.name AS notification_name, h.parent_id, h.playbook_run_id
FROM notification_send_history h
LEFT JOIN notifications n ON n.id = h.notification_id;

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
