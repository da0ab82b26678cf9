-- Foundation schema: people, teams, roles, feature flags, tokens, agents, job history,
-- event queue. Each later area adds its own numbered migrations (docs/development.md, Migrations).

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text,
  avatar text,
  type text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX people_email_key ON people (lower(email)) WHERE deleted_at IS NULL AND email IS NOT NULL;

-- Role assignments; a person with no row is a viewer (docs/identity.md).
CREATE TABLE person_roles (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'commander', 'responder', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, role)
);

CREATE VIEW people_roles AS
SELECT
  p.id,
  p.name,
  p.email,
  p.avatar,
  coalesce(
    (SELECT array_agg(r.role ORDER BY r.role) FROM person_roles r WHERE r.person_id = p.id),
    ARRAY[]::text[]
  ) AS roles
FROM people p
WHERE p.deleted_at IS NULL;

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb NOT NULL DEFAULT '{}'::jsonb,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX teams_name_key ON teams (name) WHERE deleted_at IS NULL;

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, person_id)
);
CREATE INDEX team_members_person_id_idx ON team_members (person_id);

-- Feature flags and other settings ('{feature}.disable' = 'true' hides a feature; docs/identity.md).
CREATE TABLE properties (
  name text PRIMARY KEY,
  value text NOT NULL,
  description text,
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- argon2id hash of the secret part; the token itself is shown once and never stored.
  value text NOT NULL,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX access_tokens_person_id_idx ON access_tokens (person_id);

CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  hostname text,
  version text,
  username text,
  person_id uuid REFERENCES people (id),
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  tls text,
  cleanup boolean NOT NULL DEFAULT false,
  last_seen timestamptz,
  last_received timestamptz,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;

-- The all-zero UUID is the local agent ('no agent'), so agent_id columns can always hold a key.
INSERT INTO agents (id, name, description)
VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This Opsdeck instance');

-- Counts are filled in by the migrations of the areas that own them (checks, configs...).
CREATE VIEW agents_summary AS
SELECT
  a.id,
  a.name,
  a.description,
  a.hostname,
  a.version,
  a.properties,
  a.person_id,
  a.last_seen,
  a.last_received,
  a.created_by,
  a.created_at,
  a.updated_at,
  a.deleted_at,
  0::bigint AS config_count,
  0::bigint AS checks_count,
  0::bigint AS config_scrapper_count,
  0::bigint AS playbook_runs_count
FROM agents a
WHERE a.id <> '00000000-0000-0000-0000-000000000000';

CREATE TABLE job_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  resource_id text,
  resource_type text,
  status text NOT NULL CHECK (status IN ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED')),
  success_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  hostname text,
  duration_millis integer,
  time_start timestamptz NOT NULL DEFAULT now(),
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_history_created_at_idx ON job_history (created_at DESC);
CREATE INDEX job_history_resource_idx ON job_history (resource_type, resource_id, created_at DESC);
CREATE INDEX job_history_name_idx ON job_history (name);

-- resource_name is resolved by later migrations once canaries, topologies and scrapers exist.
CREATE VIEW job_histories AS
SELECT
  j.id,
  j.name,
  j.agent_id,
  jsonb_build_object('id', a.id, 'name', a.name) AS agent,
  j.resource_id,
  j.resource_type,
  NULL::text AS resource_name,
  j.status,
  j.success_count,
  j.error_count,
  j.details,
  j.hostname,
  j.duration_millis,
  j.time_start,
  j.time_end,
  j.created_at
FROM job_history j
LEFT JOIN agents a ON a.id = j.agent_id;

CREATE VIEW job_history_names AS
SELECT DISTINCT name FROM job_history;

CREATE TABLE event_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  priority integer NOT NULL DEFAULT 0,
  last_attempt timestamptz,
  -- When the event may next be tried (backoff after a failure).
  available_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_queue_claim_idx ON event_queue (available_at, priority DESC);
CREATE INDEX event_queue_name_idx ON event_queue (name);

CREATE VIEW event_queue_summary AS
SELECT
  q.name,
  count(*) FILTER (WHERE q.error IS NULL) AS pending,
  count(*) FILTER (WHERE q.error IS NOT NULL) AS failed,
  round(avg(q.attempts), 2)::float8 AS average_attempts,
  min(q.last_attempt) FILTER (WHERE q.error IS NOT NULL) AS first_failure,
  max(q.last_attempt) FILTER (WHERE q.error IS NOT NULL) AS last_failure,
  (
    SELECT e.error FROM event_queue e
    WHERE e.name = q.name AND e.error IS NOT NULL
    GROUP BY e.error ORDER BY count(*) DESC, e.error LIMIT 1
  ) AS most_common_error
FROM event_queue q
GROUP BY q.name;

-- Which demo seed modules have run on this database (each runs once; see src/seed/).
CREATE TABLE demo_seeds (
  module text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
