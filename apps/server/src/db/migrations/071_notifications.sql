-- Notification rules (Mission Control's `notifications`): which events tell whom, and how. The
-- rule's spec is kept in columns so the event pipeline can select rules by event without
-- reading JSON; the recipient is exactly one of person_id, team_id or custom_services.

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  title text,
  -- Markdown; NULL means the built-in message.
  template text,
  -- A CEL expression over the event's resource.
  filter text,
  properties jsonb,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  -- [{name, filter, connection, url, properties}]
  custom_services jsonb,
  -- A duration ("4h"); NULL sends every time.
  repeat_interval text,
  -- Nanoseconds to wait before sending, as Mission Control stores it.
  wait_for bigint,
  group_by text[],
  source text NOT NULL DEFAULT 'UI',
  -- The last failure of sending through this rule, until its recipient or filter changes.
  error text,
  error_at timestamptz,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX notifications_name_key ON notifications (namespace, name) WHERE deleted_at IS NULL;
-- The pipeline looks rules up by event name.
CREATE INDEX notifications_events_idx ON notifications USING gin (events) WHERE deleted_at IS NULL;
