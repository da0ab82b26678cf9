-- The people a run's approval names by email, resolved to persons once per run: from then on a
-- person approves as a listed approver by id, never by whatever address they hold at the time, so
-- an address that changes hands later cannot approve a run it was not resolved to
-- (playbooks/approvals.ts). `email` is the listed address in lower case.
CREATE TABLE playbook_run_approvers (
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  email text NOT NULL,
  person_id uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, email)
);
CREATE INDEX playbook_run_approvers_person_idx ON playbook_run_approvers (run_id, person_id);
