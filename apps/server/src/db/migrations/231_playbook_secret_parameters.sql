-- Secret playbook parameters (docs/playbooks.md, "Secret parameters"): the values of a run's
-- `type: secret` parameters, each sealed with the server's secret store ({name: sealed text}).
-- `parameters` holds '[REDACTED]' in their place; the data API reads this column masked.
ALTER TABLE playbook_runs ADD COLUMN secret_parameters jsonb;
