-- Health: canaries (specs), the checks they define, check results and their roll-ups.

CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  spec jsonb NOT NULL DEFAULT '{}'::jsonb,
  source text NOT NULL DEFAULT 'UI',
  -- Copied from spec.schedule on save; the scheduler reads it.
  schedule text,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id),
  -- When the scheduler runs this canary next; a replica claims a run by moving it forward.
  next_runtime timestamptz,
  last_runtime timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX canaries_name_key ON canaries (agent_id, namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX canaries_due_idx ON canaries (next_runtime) WHERE deleted_at IS NULL;

CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  type text NOT NULL,
  icon text,
  description text,
  endpoint text,
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  severity text NOT NULL DEFAULT 'info',
  -- healthy or unhealthy; NULL until the first run.
  status text CHECK (status IN ('healthy', 'unhealthy')),
  last_runtime timestamptz,
  next_runtime timestamptz,
  last_transition_time timestamptz,
  spec jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- A check is identified inside its canary by type and name (how specs are reconciled).
CREATE UNIQUE INDEX checks_canary_type_name_key ON checks (canary_id, type, name) WHERE deleted_at IS NULL;
CREATE INDEX checks_canary_id_idx ON checks (canary_id);
CREATE INDEX checks_status_idx ON checks (status) WHERE deleted_at IS NULL;

CREATE TABLE check_statuses (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  duration integer NOT NULL DEFAULT 0,
  status boolean NOT NULL,
  message text,
  error text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (check_id, time)
);
CREATE INDEX check_statuses_time_brin ON check_statuses USING brin (time);

-- The trailing-hour figures of each check, refreshed after each of its runs, so the
-- dashboard summary reads one row per check instead of scanning raw statuses.
CREATE TABLE check_stats (
  check_id uuid PRIMARY KEY REFERENCES checks (id) ON DELETE CASCADE,
  passed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  p95 double precision,
  p97 double precision,
  p99 double precision,
  rolling1h double precision,
  last_pass timestamptz,
  last_fail timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Roll-ups: one row per check and hour / day. Percentiles are those of the bucket.
CREATE TABLE check_statuses_1h (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  duration_sum bigint NOT NULL,
  duration_max integer NOT NULL,
  p95 double precision,
  p97 double precision,
  p99 double precision,
  PRIMARY KEY (check_id, time)
);
CREATE INDEX check_statuses_1h_time_idx ON check_statuses_1h (time);

CREATE TABLE check_statuses_1d (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  duration_sum bigint NOT NULL,
  duration_max integer NOT NULL,
  p95 double precision,
  p97 double precision,
  p99 double precision,
  PRIMARY KEY (check_id, time)
);
CREATE INDEX check_statuses_1d_time_idx ON check_statuses_1d (time);

-- What the health pages read: canaries with their check counts and worst status.
CREATE VIEW canaries_with_status AS
SELECT
  c.id,
  c.name,
  c.namespace,
  c.labels,
  c.spec,
  c.source,
  c.schedule,
  c.agent_id,
  c.created_by,
  c.created_at,
  c.updated_at,
  c.deleted_at,
  c.last_runtime,
  c.next_runtime,
  coalesce(s.checks, 0)::bigint AS checks_count,
  coalesce(s.healthy, 0)::bigint AS healthy_count,
  coalesce(s.unhealthy, 0)::bigint AS unhealthy_count,
  CASE
    WHEN coalesce(s.checks, 0) = 0 OR s.healthy + s.unhealthy = 0 THEN 'unknown'
    WHEN s.unhealthy = 0 THEN 'healthy'
    WHEN s.healthy = 0 THEN 'unhealthy'
    ELSE 'mixed'
  END AS status
FROM canaries c
LEFT JOIN LATERAL (
  SELECT
    count(*) AS checks,
    count(*) FILTER (WHERE k.status = 'healthy') AS healthy,
    count(*) FILTER (WHERE k.status = 'unhealthy') AS unhealthy
  FROM checks k
  WHERE k.canary_id = c.id AND k.deleted_at IS NULL
) s ON true;

CREATE OR REPLACE VIEW agents_summary AS
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
  (SELECT count(*) FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL)::bigint AS checks_count,
  0::bigint AS config_scrapper_count,
  0::bigint AS playbook_runs_count
FROM agents a
WHERE a.id <> '00000000-0000-0000-0000-000000000000';

-- Areas that own other job resources (topologies, scrapers) extend this CASE.
CREATE OR REPLACE VIEW job_histories AS
SELECT
  j.id,
  j.name,
  j.agent_id,
  jsonb_build_object('id', a.id, 'name', a.name) AS agent,
  j.resource_id,
  j.resource_type,
  CASE
    WHEN j.resource_type = 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = j.resource_id)
  END::text AS resource_name,
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
