-- Logging backends (Mission Control's `logging_backends`, apm-hub's LoggingBackend spec): where
-- the logs of components are searched. The logs area reads them; the settings page edits them.

CREATE TABLE logging_backends (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  spec jsonb NOT NULL,
  source text NOT NULL DEFAULT 'UI',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX logging_backends_name_key ON logging_backends (agent_id, namespace, name)
  WHERE deleted_at IS NULL;
