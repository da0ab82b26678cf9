-- Maintenance windows (docs/maintenance.md): planned work during which the covered checks,
-- components and config items page no one, open no incident and do not count against uptime.
CREATE TABLE maintenance_windows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  description text,
  -- One-off: its start and end. Recurring: the bounds its occurrences start within (optional).
  starts_at timestamptz,
  ends_at timestamptz,
  -- Recurring: a cron expression read in time_zone (IANA), each occurrence lasting duration.
  schedule text,
  duration text,
  time_zone text NOT NULL DEFAULT 'UTC',
  -- Resource selectors (packages/shared/src/maintenance/window.ts), at least one.
  selectors jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- {recipients: [email or connection://…], startMessage, endMessage}
  notify jsonb,
  source text,
  applied jsonb,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE UNIQUE INDEX maintenance_windows_name_idx ON maintenance_windows (namespace, name) WHERE deleted_at IS NULL;

CREATE TRIGGER maintenance_windows_applied_edit BEFORE UPDATE ON maintenance_windows FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'description', 'starts_at', 'ends_at', 'schedule',
    'duration', 'time_zone', 'selectors', 'notify', 'deleted_at');

-- The resources under maintenance now or within the next minutes: one row per occurrence and
-- resource, written by the MaintenanceWindows job (maintenance/refresh.ts), which alone knows
-- cron and time zones. Everything else reads this table with plain indexed lookups: the check
-- recorder, the notification pipeline, incident rules and the badges.
CREATE TABLE maintenance_resources (
  window_id uuid NOT NULL REFERENCES maintenance_windows(id) ON DELETE CASCADE,
  resource_type text NOT NULL CHECK (resource_type IN ('check', 'component', 'config')),
  resource_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  window_name text NOT NULL,
  PRIMARY KEY (window_id, resource_id, starts_at)
);
CREATE INDEX maintenance_resources_resource_idx ON maintenance_resources (resource_id, ends_at);

-- The start and end messages of each occurrence: the row is the claim (one replica inserts it),
-- so each is sent once.
CREATE TABLE maintenance_notices (
  window_id uuid NOT NULL REFERENCES maintenance_windows(id) ON DELETE CASCADE,
  occurrence_start timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('start', 'end')),
  created_at timestamptz NOT NULL DEFAULT now(),
  error text,
  PRIMARY KEY (window_id, occurrence_start, kind)
);

-- A check result recorded while its check was under maintenance: kept in the history, left
-- out of uptime (passed/failed counts of stats, roll-ups and summaries).
ALTER TABLE check_statuses ADD COLUMN maintenance boolean NOT NULL DEFAULT false;

-- A notification held because its resource was under maintenance.
ALTER TABLE notification_send_history ADD COLUMN maintenance_window_id uuid;
ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check;
ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_status_check CHECK (
  status IN ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced', 'skipped', 'inhibited',
    'pending_playbook_run', 'pending_playbook_completion', 'maintenance')
);
