-- Notification rules gained inhibitions and a playbook recipient (230-233): a hand edit of
-- either is an edit of an applied rule too (215_applied_objects.sql).
DROP TRIGGER notifications_applied_edit ON notifications;
CREATE TRIGGER notifications_applied_edit BEFORE UPDATE ON notifications FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'events', 'title', 'template', 'filter',
    'properties', 'person_id', 'team_id', 'custom_services', 'recipient_ref', 'playbook_ref', 'inhibitions',
    'repeat_interval', 'wait_for', 'group_by', 'group_by_interval', 'deleted_at');
