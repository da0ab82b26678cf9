-- What the notification pipeline did with each event a rule matched (docs/notifications.md):
-- sent, failed, held for wait_for, or blocked (repeat interval, silence, rate limit, skipped).
-- Blocked rows of the same rule, event, resource and status within 24 h are one row whose
-- count grows, so a flapping resource does not flood the history.

CREATE TABLE notification_send_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  first_observed timestamptz NOT NULL DEFAULT now(),
  count int NOT NULL DEFAULT 1,
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  resource_type text NOT NULL CHECK (resource_type IN ('check', 'config', 'component', 'canary')),
  -- {id, name, type, icon}: what the history shows without joining the resource's table.
  resource jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL CHECK (
    status IN ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced', 'skipped')
  ),
  -- Human readable: an email, a team name, a connection name or the sender's kind.
  recipient text,
  person_id uuid,
  silenced_by uuid,
  -- wait_for: the row is sent (or skipped) when this time has passed.
  not_before timestamptz,
  -- Sanitised HTML of the message.
  body text,
  error text,
  duration_millis int,
  -- What a pending row needs to be sent later: the event's properties and the recipient.
  payload jsonb
);
-- The history page, newest first.
CREATE INDEX notification_send_history_created_idx ON notification_send_history (created_at DESC);
-- Repeat interval, dedup and the rate limit look up one rule's recent rows.
CREATE INDEX notification_send_history_rule_idx
  ON notification_send_history (notification_id, resource_id, source_event, status, created_at DESC);
CREATE INDEX notification_send_history_rule_time_idx ON notification_send_history (notification_id, created_at)
  INCLUDE (status);
-- The wait_for job takes due pending rows.
CREATE INDEX notification_send_history_pending_idx ON notification_send_history (not_before)
  WHERE status = 'pending';
CREATE INDEX notification_send_history_resource_idx ON notification_send_history (resource_id, created_at DESC);

-- Silences (Mission Control's NotificationSilence): a window during which matching sends are
-- recorded as `silenced` instead of delivered.
CREATE TABLE notification_silences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  namespace text NOT NULL DEFAULT 'default',
  name text,
  description text,
  "from" timestamptz,
  until timestamptz,
  recursive boolean NOT NULL DEFAULT false,
  source text NOT NULL DEFAULT 'UI',
  config_id uuid,
  component_id uuid,
  check_id uuid,
  canary_id uuid,
  -- A CEL expression over the event's resource.
  filter text,
  -- [ResourceSelector]: {name, namespace, types, labelSelector, tagSelector, …}
  selectors jsonb,
  -- Set when the filter fails at run time: the silence is then ignored.
  error text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- 'from must be before until' and 'at least one of a resource, filter or selectors' are
  -- checked by the write hook and the API, which can say so in words.
  deleted_at timestamptz
);
CREATE INDEX notification_silences_live_idx ON notification_silences (until) WHERE deleted_at IS NULL;

CREATE VIEW notification_send_history_summary AS
SELECT h.id, h.notification_id, h.created_at, h.first_observed, h.count, h.source_event, h.resource_id,
  h.resource_type, h.resource, h.status, h.recipient, h.person_id, h.silenced_by, h.not_before, h.error,
  h.duration_millis, n.name AS notification_name
FROM notification_send_history h
LEFT JOIN notifications n ON n.id = h.notification_id;

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
