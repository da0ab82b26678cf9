-- Checks run from several locations (docs/health.md, "Locations and quorum").
--
-- Each location's result of a located check: `location` is the agent that ran it, the all-zero
-- UUID for this server. The check's own status, decided from the latest result per location,
-- stays in check_statuses and checks, so the dashboard, notifications and incidents read what
-- they always read, and checks that run in one place write nothing here.
--
-- No foreign key to checks: on an agent these rows name the upstream's checks (the agent holds
-- no copy of them) and wait here until they are pushed. The primary key serves "latest result
-- per location" (check_id, location, time DESC) and the panel's history per location.
CREATE TABLE check_location_statuses (
  check_id uuid NOT NULL,
  location uuid NOT NULL,
  time timestamptz NOT NULL,
  status boolean NOT NULL,
  duration integer,
  message text,
  error text,
  PRIMARY KEY (check_id, location, time)
);
CREATE INDEX check_location_statuses_time_brin ON check_location_statuses USING brin (time);

-- An agent pushes its location results upstream like its other rows (migration 100).
ALTER TABLE check_location_statuses
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX check_location_statuses_unpushed_idx ON check_location_statuses (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER check_location_statuses_push_pending_insert BEFORE INSERT ON check_location_statuses
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
CREATE TRIGGER check_location_statuses_push_pending_update BEFORE UPDATE ON check_location_statuses
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

-- On an agent: the located canaries the upstream asked it to run, with the upstream's check ids.
-- Kept apart from `canaries`, so the agent neither pushes them back nor runs them as its own.
CREATE TABLE located_canaries (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  namespace text,
  labels jsonb,
  spec jsonb NOT NULL,
  schedule text,
  checks jsonb NOT NULL DEFAULT '[]'::jsonb,
  next_runtime timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
