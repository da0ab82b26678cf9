-- The run engine's housekeeping finds attempts still open (scheduled, running, sleeping,
-- waiting) in runs that ended: a small index, since almost every row is final.
CREATE INDEX playbook_run_actions_live_idx ON playbook_run_actions (playbook_run_id)
  WHERE status IN ('scheduled', 'running', 'sleeping', 'waiting');
