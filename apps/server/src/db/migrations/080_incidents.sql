-- Incidents (docs/incidents.md): incidents with a display id, the hypothesis tree, evidence,
-- responders, comments and the changelog. The changelog and the incident events are written by
-- triggers, in the transaction of the change, whoever makes it (the data API, a rule, the
-- definition-of-done job). Who made an update is read from `opsdeck.actor`, which the data API
-- sets for the transaction of each write; inserts name their own `created_by`.

CREATE SEQUENCE incident_id_sequence;

CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id text NOT NULL DEFAULT 'INC-' || nextval('incident_id_sequence') UNIQUE,
  incident_rule_id uuid REFERENCES incident_rules (id),
  title text NOT NULL CHECK (btrim(title) <> ''),
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'availability' CHECK (type IN ('cost', 'availability', 'performance',
    'security', 'integration', 'compliance', 'technicalDebt', 'reliability')),
  severity text NOT NULL DEFAULT 'low' CHECK (severity IN ('info', 'warning', 'low', 'medium', 'high',
    'blocker', 'critical')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('new', 'open', 'investigating', 'mitigated',
    'resolved', 'closed', 'cancelled')),
  -- NULL: opened by the console itself (an incident rule).
  created_by uuid REFERENCES people (id),
  commander_id uuid REFERENCES people (id),
  communicator_id uuid REFERENCES people (id),
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incidents_created_at_idx ON incidents (created_at DESC);
CREATE INDEX incidents_status_created_at_idx ON incidents (status, created_at DESC);
CREATE INDEX incidents_rule_idx ON incidents (incident_rule_id) WHERE incident_rule_id IS NOT NULL;

-- A person or a team on the incident; `properties.responderType` says how they are reached.
CREATE TABLE responders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'person',
  index smallint,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  external_id text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What reaching the responder gave: sent, pending (no way to reach them yet) or error.
  status text,
  error text,
  acknowledge_time timestamptz,
  signoff_time timestamptz,
  close_time timestamptz,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (num_nonnulls(person_id, team_id) = 1)
);
CREATE INDEX responders_incident_idx ON responders (incident_id);

CREATE TABLE hypotheses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  -- Deleting a hypothesis deletes its subtree, comments and evidence in the same statement.
  parent_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  owner uuid REFERENCES responders (id) ON DELETE SET NULL,
  team_id uuid REFERENCES teams (id),
  type text NOT NULL CHECK (type IN ('root', 'factor', 'solution')),
  title text NOT NULL CHECK (btrim(title) <> ''),
  status text NOT NULL DEFAULT 'possible' CHECK (status IN ('proven', 'likely', 'possible', 'unlikely',
    'improbable', 'disproven')),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hypotheses_incident_idx ON hypotheses (incident_id);
CREATE INDEX hypotheses_parent_idx ON hypotheses (parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE evidences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hypothesis_id uuid NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('log', 'topology', 'config', 'check', 'config_change',
    'config_analysis', 'comment')),
  description text NOT NULL DEFAULT '',
  component_id uuid REFERENCES components (id),
  config_id uuid REFERENCES config_items (id),
  check_id uuid REFERENCES checks (id),
  config_change_id uuid REFERENCES config_changes (id),
  config_analysis_id uuid REFERENCES config_analysis (id),
  evidence jsonb,
  properties jsonb,
  definition_of_done boolean NOT NULL DEFAULT false,
  done boolean,
  factor boolean,
  mitigator boolean,
  -- A CEL expression over the evidence's check, config, analysis and incident (docs/incidents.md).
  script text,
  -- The script's last outcome: 'true', 'false' or the error it gave.
  script_result text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evidences_hypothesis_idx ON evidences (hypothesis_id);
CREATE INDEX evidences_component_idx ON evidences (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX evidences_config_idx ON evidences (config_id) WHERE config_id IS NOT NULL;
CREATE INDEX evidences_check_idx ON evidences (check_id) WHERE check_id IS NOT NULL;

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
  comment text NOT NULL CHECK (btrim(comment) <> ''),
  external_id text,
  external_created_by text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_incident_idx ON comments (incident_id, created_at);
CREATE INDEX comments_hypothesis_idx ON comments (hypothesis_id) WHERE hypothesis_id IS NOT NULL;

-- The people a comment mentions (@[name](user:id)), read out of its text by a trigger.
CREATE TABLE comment_mentions (
  comment_id uuid NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  PRIMARY KEY (comment_id, person_id)
);

CREATE TABLE incident_histories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order entries were written in: clocks tie (PGlite's has millisecond steps).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type text NOT NULL,
  description text,
  created_by uuid REFERENCES people (id),
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE SET NULL,
  responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
  evidence_id uuid REFERENCES evidences (id) ON DELETE SET NULL,
  comment_id uuid REFERENCES comments (id) ON DELETE SET NULL,
  -- The clock, not the transaction's start: entries of one transaction keep their order.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_histories_incident_idx ON incident_histories (incident_id, created_at);

-- The person the current transaction acts for (set by the data API), else NULL (the console).
CREATE FUNCTION incident_actor() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('opsdeck.actor', true), '')::uuid
$$;

-- root → factor → solution: a root has no parent, a factor hangs under a root, a solution under
-- a factor, always of the same incident.
CREATE FUNCTION hypotheses_check_tree() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent record;
BEGIN
  IF NEW.parent_id IS NULL THEN
    IF NEW.type <> 'root' THEN
      RAISE EXCEPTION 'a % hypothesis needs a parent', NEW.type USING ERRCODE = '23514';
    END IF;
    RETURN NEW;
  END IF;
  SELECT type, incident_id INTO parent FROM hypotheses WHERE id = NEW.parent_id;
  IF parent.incident_id IS DISTINCT FROM NEW.incident_id THEN
    RAISE EXCEPTION 'the parent hypothesis belongs to another incident' USING ERRCODE = '23514';
  END IF;
  IF NOT ((NEW.type = 'factor' AND parent.type = 'root') OR (NEW.type = 'solution' AND parent.type = 'factor')) THEN
    RAISE EXCEPTION 'a % hypothesis cannot hang under a % one (root → factor → solution)', NEW.type, parent.type
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER hypotheses_check_tree BEFORE INSERT OR UPDATE OF parent_id, type, incident_id ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_check_tree();

-- The incident an evidence, a hypothesis or a comment belongs to, with what events carry.
CREATE FUNCTION incident_event_payload(incident_uuid uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', i.id, 'incident_id', i.incident_id, 'title', i.title, 'type', i.type,
    'severity', i.severity, 'status', i.status, 'description', i.description, 'commander_id', i.commander_id)
  FROM incidents i WHERE i.id = incident_uuid
$$;

CREATE FUNCTION incidents_changelog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by)
    VALUES (NEW.id, 'incident.created', NEW.title, coalesce(NEW.created_by, incident_actor()));
    PERFORM enqueue_event('incident.created', NEW.id, incident_event_payload(NEW.id));
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by)
    VALUES (NEW.id, 'incident.status_updated', OLD.status || ' → ' || NEW.status, incident_actor());
    PERFORM enqueue_event('incident.status.' || NEW.status, NEW.id,
      incident_event_payload(NEW.id) || jsonb_build_object('previous_status', OLD.status));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER incidents_changelog AFTER INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_changelog();

-- The status moves the incident page offers (cancelled from and to anything); resolved / closed times
-- follow the status; updated_at follows every change.
CREATE FUNCTION incidents_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    IF NOT (OLD.status IN ('new', 'cancelled') OR NEW.status = 'cancelled' OR CASE OLD.status
        WHEN 'open' THEN NEW.status IN ('investigating', 'mitigated', 'resolved', 'closed')
        WHEN 'investigating' THEN NEW.status IN ('mitigated', 'resolved', 'closed')
        WHEN 'mitigated' THEN NEW.status IN ('resolved', 'closed', 'open')
        WHEN 'resolved' THEN NEW.status IN ('closed', 'open')
        WHEN 'closed' THEN NEW.status = 'open'
        ELSE false END) THEN
      RAISE EXCEPTION 'an incident cannot go from % to %', OLD.status, NEW.status USING ERRCODE = '23514';
    END IF;
    IF NEW.status = 'resolved' THEN NEW.resolved := now(); END IF;
    IF NEW.status = 'closed' THEN NEW.closed := now(); END IF;
    IF NEW.status IN ('open', 'investigating', 'new') THEN
      NEW.resolved := NULL;
      NEW.closed := NULL;
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER incidents_touch BEFORE UPDATE ON incidents FOR EACH ROW EXECUTE FUNCTION incidents_touch();

CREATE FUNCTION hypotheses_changelog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, hypothesis_id)
    VALUES (NEW.incident_id, 'hypothesis.created', NEW.title, coalesce(NEW.created_by, incident_actor()), NEW.id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, hypothesis_id)
    VALUES (NEW.incident_id, 'hypothesis.status_updated', NEW.title || ': ' || OLD.status || ' → ' || NEW.status,
      incident_actor(), NEW.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER hypotheses_changelog AFTER INSERT OR UPDATE OF status ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_changelog();

CREATE FUNCTION responders_changelog() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  SELECT coalesce(p.name, t.name) INTO who FROM (SELECT 1) one
    LEFT JOIN people p ON p.id = NEW.person_id LEFT JOIN teams t ON t.id = NEW.team_id;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, responder_id)
    VALUES (NEW.incident_id, 'responder.created', who, coalesce(NEW.created_by, incident_actor()), NEW.id);
    PERFORM enqueue_event('incident.responder.added', NEW.id, incident_event_payload(NEW.incident_id)
      || jsonb_build_object('responder_id', NEW.id, 'responder', who, 'person_id', NEW.person_id, 'team_id', NEW.team_id));
  ELSIF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    PERFORM enqueue_event('incident.responder.removed', NEW.id, incident_event_payload(NEW.incident_id)
      || jsonb_build_object('responder_id', NEW.id, 'responder', who, 'person_id', NEW.person_id, 'team_id', NEW.team_id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER responders_changelog AFTER INSERT OR UPDATE OF deleted_at ON responders
  FOR EACH ROW EXECUTE FUNCTION responders_changelog();

CREATE FUNCTION evidences_changelog() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incident uuid;
  actor uuid;
  dod_before boolean := false;
  done_before boolean := false;
BEGIN
  SELECT h.incident_id INTO incident FROM hypotheses h WHERE h.id = NEW.hypothesis_id;
  actor := CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.created_by, incident_actor()) ELSE incident_actor() END;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, evidence_id, hypothesis_id)
    VALUES (incident, 'evidence.created', NEW.description, actor, NEW.id, NEW.hypothesis_id);
  ELSE
    dod_before := OLD.definition_of_done;
    done_before := coalesce(OLD.done, false);
  END IF;
  IF NEW.definition_of_done AND NOT dod_before THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, evidence_id, hypothesis_id)
    VALUES (incident, 'evidence.done_definition_added', NEW.description, actor, NEW.id, NEW.hypothesis_id);
    PERFORM enqueue_event('incident.dod.added', NEW.id,
      incident_event_payload(incident) || jsonb_build_object('evidence_id', NEW.id, 'evidence', NEW.description));
  END IF;
  IF NEW.definition_of_done AND coalesce(NEW.done, false) <> done_before AND (TG_OP = 'UPDATE' OR NEW.done) THEN
    PERFORM enqueue_event(CASE WHEN coalesce(NEW.done, false) THEN 'incident.dod.passed' ELSE 'incident.dod.regressed' END,
      NEW.id, incident_event_payload(incident) || jsonb_build_object('evidence_id', NEW.id, 'evidence', NEW.description));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER evidences_changelog AFTER INSERT OR UPDATE OF definition_of_done, done ON evidences
  FOR EACH ROW EXECUTE FUNCTION evidences_changelog();

CREATE FUNCTION comments_changelog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_mentions (comment_id, person_id)
  SELECT NEW.id, p.id FROM people p
  WHERE p.id::text IN (SELECT (regexp_matches(NEW.comment, '@\[[^\]]*\]\(user:([0-9a-fA-F-]{36})\)', 'g'))[1])
  ON CONFLICT DO NOTHING;
  INSERT INTO incident_histories (incident_id, type, description, created_by, comment_id, hypothesis_id, responder_id)
  VALUES (NEW.incident_id, 'responder.commented', left(NEW.comment, 500), coalesce(NEW.created_by, incident_actor()),
    NEW.id, NEW.hypothesis_id, NEW.responder_id);
  PERFORM enqueue_event('incident.comment.added', NEW.id, incident_event_payload(NEW.incident_id)
    || jsonb_build_object('comment_id', NEW.id, 'comment', NEW.comment, 'created_by', NEW.created_by));
  RETURN NULL;
END $$;
CREATE TRIGGER comments_changelog AFTER INSERT ON comments FOR EACH ROW EXECUTE FUNCTION comments_changelog();

-- The incident list: one row per incident with its commander and live responders.
CREATE VIEW incident_summary AS
SELECT
  i.id, i.incident_id, i.title, i.description, i.type, i.severity, i.status, i.incident_rule_id,
  i.created_by, i.commander_id, i.communicator_id, i.created_at, i.updated_at, i.resolved, i.closed,
  (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) FROM people p WHERE p.id = i.commander_id)
    AS commander,
  coalesce((
    SELECT jsonb_agg(jsonb_build_object('id', r.id, 'person', CASE WHEN p.id IS NULL THEN NULL
        ELSE jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) END,
      'team', CASE WHEN t.id IS NULL THEN NULL ELSE jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) END)
      ORDER BY r.created_at)
    FROM responders r LEFT JOIN people p ON p.id = r.person_id LEFT JOIN teams t ON t.id = r.team_id
    WHERE r.incident_id = i.id AND r.deleted_at IS NULL
  ), '[]'::jsonb) AS responders,
  (SELECT count(*)::int FROM hypotheses h WHERE h.incident_id = i.id) AS hypotheses_count,
  (SELECT count(*)::int FROM comments c WHERE c.incident_id = i.id) AS comments_count
FROM incidents i;

-- Incidents per resource their evidence points at (the topology card's and catalog's incidents).
CREATE VIEW incidents_by_component AS
SELECT DISTINCT ON (e.component_id, i.id)
  e.component_id, i.id, i.incident_id, i.title, i.type, i.severity, i.status, i.created_at, i.updated_at
FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
WHERE e.component_id IS NOT NULL;

CREATE VIEW incidents_by_config AS
SELECT DISTINCT ON (e.config_id, i.id)
  e.config_id, i.id, i.incident_id, i.title, i.type, i.severity, i.status, i.created_at, i.updated_at
FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
WHERE e.config_id IS NOT NULL;

CREATE VIEW incidents_by_check AS
SELECT DISTINCT ON (e.check_id, i.id)
  e.check_id, i.id, i.incident_id, i.title, i.type, i.severity, i.status, i.created_at, i.updated_at
FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
WHERE e.check_id IS NOT NULL;
