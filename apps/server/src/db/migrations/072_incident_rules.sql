-- Incident rules (Mission Control's `incident_rules`, CRD IncidentRule): which component
-- statuses open an incident, and the incident they open. The incidents area runs them.

CREATE TABLE incident_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  spec jsonb NOT NULL DEFAULT '{}'::jsonb,
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX incident_rules_name_key ON incident_rules (name) WHERE deleted_at IS NULL;
