-- Playbook triggers (docs/playbooks.md, Triggers): event handlers run at least once, so a run
-- an event created names that event and a second delivery inserts nothing; schedules keep their
-- next slot here, claimed with FOR UPDATE SKIP LOCKED so two processes never fire one slot twice.

ALTER TABLE playbook_runs ADD COLUMN event_id uuid;
CREATE UNIQUE INDEX playbook_runs_event_key ON playbook_runs (playbook_id, event_id) WHERE event_id IS NOT NULL;

-- One row per `on.schedule` entry of a live playbook, kept in step with the spec on every write.
CREATE TABLE playbook_schedules (
  playbook_id uuid NOT NULL REFERENCES playbooks (id) ON DELETE CASCADE,
  idx integer NOT NULL,
  schedule text NOT NULL,
  next_run_at timestamptz NOT NULL,
  PRIMARY KEY (playbook_id, idx)
);

CREATE INDEX playbook_schedules_due_idx ON playbook_schedules (next_run_at);
