-- The run engine's housekeeping finds attempts still open (scheduled, running, sleeping,
-- waiting) in runs that ended: a small index, since almost every row is final.
CREATE INDEX playbook_run_actions_live_idx ON playbook_run_actions (playbook_run_id)
  WHERE status IN ('scheduled', 'running', 'sleeping', 'waiting');

-- Wake the engines only when a statement really changed a run's status or scheduled_time (or
-- added runs). The statement trigger of 090 notified for every UPDATE naming those columns, even
-- one that matched no row, so an engine's own empty claim woke every engine again at once.
DROP TRIGGER playbook_runs_notify ON playbook_runs;
DROP FUNCTION playbook_runs_notify();

CREATE FUNCTION playbook_runs_notify_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_runs) THEN
    PERFORM pg_notify('playbook_run_updates', '');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION playbook_runs_notify_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_runs n JOIN old_runs o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.scheduled_time IS DISTINCT FROM o.scheduled_time
  ) THEN
    PERFORM pg_notify('playbook_run_updates', '');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER playbook_runs_notify_inserted AFTER INSERT ON playbook_runs
  REFERENCING NEW TABLE AS inserted_runs
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_runs_notify_inserted();

CREATE TRIGGER playbook_runs_notify_updated AFTER UPDATE ON playbook_runs
  REFERENCING OLD TABLE AS old_runs NEW TABLE AS new_runs
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_runs_notify_updated();
