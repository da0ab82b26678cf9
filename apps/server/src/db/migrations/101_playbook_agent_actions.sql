-- Playbook actions that run on an agent (runsOn). The engine stores the attempt as `waiting`
-- with the agent's id; the agent's long poll claims it (`running`) and its push stores the
-- outcome. `deadline` is when the attempt fails "timed out waiting for agent <name>" if no
-- outcome came: the action's timeout, capped by the run's.
ALTER TABLE playbook_run_actions ADD COLUMN deadline timestamptz;

-- What a long poll looks for, and what the timeout sweep looks at.
CREATE INDEX playbook_run_actions_agent_idx ON playbook_run_actions (agent_id, scheduled_time)
  WHERE status IN ('waiting', 'running') AND agent_id <> '00000000-0000-0000-0000-000000000000';

-- Wakes the long polls when an attempt starts waiting for an agent.
CREATE FUNCTION playbook_actions_notify_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM waiting_actions WHERE status = 'waiting') THEN
    PERFORM pg_notify('playbook_action_updates', '');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER playbook_actions_notify_inserted AFTER INSERT ON playbook_run_actions
  REFERENCING NEW TABLE AS waiting_actions
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_actions_notify_waiting();

CREATE TRIGGER playbook_actions_notify_updated AFTER UPDATE ON playbook_run_actions
  REFERENCING NEW TABLE AS waiting_actions
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_actions_notify_waiting();
