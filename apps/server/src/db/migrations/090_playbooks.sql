-- Playbooks (docs/playbooks.md): specs, runs with a copy of the spec they started with, one row
-- per action attempt's outcome, and approvals. The run engine keeps all of its state here, so any
-- process can pick up a run where a killed one stopped: runs are claimed by status and
-- scheduled_time with FOR UPDATE SKIP LOCKED.

CREATE TABLE playbooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  namespace text NOT NULL DEFAULT 'default',
  name text NOT NULL CHECK (btrim(name) <> ''),
  title text NOT NULL DEFAULT '',
  icon text,
  description text,
  category text NOT NULL DEFAULT '',
  spec jsonb NOT NULL,
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE UNIQUE INDEX playbooks_name_key ON playbooks (namespace, name, category) WHERE deleted_at IS NULL;
-- One live playbook per webhook path: the webhook route finds its playbook by this.
CREATE UNIQUE INDEX playbooks_webhook_path_key ON playbooks ((spec -> 'on' -> 'webhook' ->> 'path'))
  WHERE deleted_at IS NULL AND coalesce(spec -> 'on' -> 'webhook' ->> 'path', '') <> '';

CREATE VIEW playbook_names AS
  SELECT id, title, name, namespace, description, category, icon
  FROM playbooks WHERE deleted_at IS NULL;

CREATE TABLE playbook_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_id uuid NOT NULL REFERENCES playbooks (id) ON DELETE CASCADE,
  -- The spec the run started with: edits to the playbook do not change a run under way.
  spec jsonb NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'running', 'sleeping',
    'retrying', 'waiting', 'pending_approval', 'completed', 'failed', 'cancelled', 'timed_out')),
  created_at timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  -- Nanoseconds, as Mission Control stores it (30 minutes by default).
  timeout bigint NOT NULL DEFAULT 1800000000000 CHECK (timeout > 0),
  created_by uuid REFERENCES people (id),
  -- What started the run: api, rerun, webhook, schedule, canary, config or component.
  trigger text NOT NULL DEFAULT 'api',
  check_id uuid REFERENCES checks (id) ON DELETE SET NULL,
  config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  component_id uuid REFERENCES components (id) ON DELETE SET NULL,
  -- Parameter values as strings, by name.
  parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The webhook request that started the run (url, method, headers, params, content, json).
  request jsonb,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  parent_id uuid REFERENCES playbook_runs (id) ON DELETE CASCADE,
  error text,
  -- The process running an action of this run, and until when its claim holds: a process that
  -- dies mid-action stops renewing the lease, and another one finds the run and fails the action.
  claimed_by text,
  lease_until timestamptz
);

-- The engine's claim: due runs in an executing state, oldest first.
CREATE INDEX playbook_runs_due_idx ON playbook_runs (scheduled_time)
  WHERE status IN ('scheduled', 'sleeping', 'retrying');
CREATE INDEX playbook_runs_lease_idx ON playbook_runs (lease_until) WHERE status = 'running';
CREATE INDEX playbook_runs_live_idx ON playbook_runs (status)
  WHERE status IN ('scheduled', 'running', 'sleeping', 'retrying', 'waiting', 'pending_approval');
CREATE INDEX playbook_runs_created_idx ON playbook_runs (created_at DESC, id DESC);
CREATE INDEX playbook_runs_playbook_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_config_idx ON playbook_runs (config_id, created_at DESC) WHERE config_id IS NOT NULL;
CREATE INDEX playbook_runs_component_idx ON playbook_runs (component_id, created_at DESC) WHERE component_id IS NOT NULL;
CREATE INDEX playbook_runs_check_idx ON playbook_runs (check_id, created_at DESC) WHERE check_id IS NOT NULL;
CREATE INDEX playbook_runs_parent_idx ON playbook_runs (parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'running', 'waiting',
    'waiting_children', 'sleeping', 'completed', 'failed', 'skipped')),
  -- Which attempt this row is (0 = first); a retry is a new row with retry_count + 1.
  retry_count integer NOT NULL DEFAULT 0,
  playbook_run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  result jsonb,
  error text,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  is_pushed boolean NOT NULL DEFAULT false
);

CREATE INDEX playbook_run_actions_run_idx ON playbook_run_actions (playbook_run_id, start_time);

CREATE TABLE playbook_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (person_id IS NOT NULL OR team_id IS NOT NULL)
);

CREATE UNIQUE INDEX playbook_approvals_person_key ON playbook_approvals (run_id, person_id) WHERE person_id IS NOT NULL;

-- The run page's steps: the actions of a run and of its child runs, in the order they started.
CREATE FUNCTION get_playbook_run_actions(run_id uuid)
RETURNS TABLE (
  id uuid,
  name text,
  status text,
  retry_count integer,
  playbook_run_id uuid,
  start_time timestamptz,
  scheduled_time timestamptz,
  end_time timestamptz,
  result jsonb,
  error text,
  agent jsonb
) LANGUAGE sql STABLE AS $$
  SELECT a.id, a.name, a.status, a.retry_count, a.playbook_run_id, a.start_time, a.scheduled_time,
         a.end_time, a.result, a.error,
         CASE WHEN ag.id IS NULL THEN NULL ELSE jsonb_build_object('id', ag.id, 'name', ag.name) END
  FROM playbook_run_actions a
  LEFT JOIN agents ag ON ag.id = a.agent_id AND a.agent_id <> '00000000-0000-0000-0000-000000000000'
  WHERE a.playbook_run_id = get_playbook_run_actions.run_id
     OR a.playbook_run_id IN (SELECT r.id FROM playbook_runs r WHERE r.parent_id = get_playbook_run_actions.run_id)
  ORDER BY a.start_time NULLS LAST, a.scheduled_time, a.retry_count
$$;

-- Wake the engine when a run becomes due (insert, approval, re-schedule).
CREATE FUNCTION playbook_runs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('playbook_run_updates', '');
  RETURN NULL;
END $$;

CREATE TRIGGER playbook_runs_notify AFTER INSERT OR UPDATE OF status, scheduled_time ON playbook_runs
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_runs_notify();

-- playbook.run.completed / playbook.run.failed on the event pipeline, in the transaction that ends the run.
CREATE FUNCTION playbook_run_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM enqueue_event('playbook.run.' || NEW.status, NEW.id, jsonb_build_object(
      'id', NEW.id, 'playbook_id', NEW.playbook_id, 'status', NEW.status, 'error', NEW.error,
      'check_id', NEW.check_id, 'config_id', NEW.config_id, 'component_id', NEW.component_id,
      'created_by', NEW.created_by));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER playbook_run_events AFTER UPDATE OF status ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_run_events();
