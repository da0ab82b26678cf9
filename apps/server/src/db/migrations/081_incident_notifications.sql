-- Incident events reach notification rules (docs/incidents.md): their history rows are about
-- an incident.
ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_resource_type_check;
ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_resource_type_check
  CHECK (resource_type IN ('check', 'config', 'component', 'canary', 'incident'));
