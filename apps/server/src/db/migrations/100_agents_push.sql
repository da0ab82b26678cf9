-- Agents: what an agent has not yet pushed upstream, and the agent list's status and health.
--
-- Every row an agent may push carries push_seq (bumped from one sequence on every insert and
-- every change) and is_pushed. The push job sends rows WHERE NOT is_pushed in push_seq order and,
-- after the upstream's 2xx, sets is_pushed only where push_seq is still the one it sent: a row
-- changed meanwhile stays pending. Both live in the rows, so they survive restarts; the
-- upstream's upserts by primary key make a resend harmless.
CREATE SEQUENCE agent_push_seq;

-- Rows an upstream receives from its agents (the push sets opsdeck.agent_push_received for its
-- transaction) are not its own to push again: they are stored as pushed, out of the pending index.
CREATE FUNCTION agent_push_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_pushed := coalesce(current_setting('opsdeck.agent_push_received', true), '') = 'on';
  NEW.push_seq := nextval('agent_push_seq');
  RETURN NEW;
END $$;

ALTER TABLE canaries
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX canaries_unpushed_idx ON canaries (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER canaries_push_pending_insert BEFORE INSERT ON canaries
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER canaries_push_pending_update BEFORE UPDATE ON canaries
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE config_scrapers
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX config_scrapers_unpushed_idx ON config_scrapers (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER config_scrapers_push_pending_insert BEFORE INSERT ON config_scrapers
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER config_scrapers_push_pending_update BEFORE UPDATE ON config_scrapers
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE checks
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX checks_unpushed_idx ON checks (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER checks_push_pending_insert BEFORE INSERT ON checks
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER checks_push_pending_update BEFORE UPDATE ON checks
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE check_statuses
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX check_statuses_unpushed_idx ON check_statuses (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER check_statuses_push_pending_insert BEFORE INSERT ON check_statuses
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER check_statuses_push_pending_update BEFORE UPDATE ON check_statuses
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE config_items
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX config_items_unpushed_idx ON config_items (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER config_items_push_pending_insert BEFORE INSERT ON config_items
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER config_items_push_pending_update BEFORE UPDATE ON config_items
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE config_changes
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX config_changes_unpushed_idx ON config_changes (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER config_changes_push_pending_insert BEFORE INSERT ON config_changes
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER config_changes_push_pending_update BEFORE UPDATE ON config_changes
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE config_analysis
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX config_analysis_unpushed_idx ON config_analysis (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER config_analysis_push_pending_insert BEFORE INSERT ON config_analysis
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER config_analysis_push_pending_update BEFORE UPDATE ON config_analysis
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE config_relationships
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX config_relationships_unpushed_idx ON config_relationships (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER config_relationships_push_pending_insert BEFORE INSERT ON config_relationships
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER config_relationships_push_pending_update BEFORE UPDATE ON config_relationships
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE topologies
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX topologies_unpushed_idx ON topologies (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER topologies_push_pending_insert BEFORE INSERT ON topologies
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER topologies_push_pending_update BEFORE UPDATE ON topologies
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE components
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX components_unpushed_idx ON components (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER components_push_pending_insert BEFORE INSERT ON components
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER components_push_pending_update BEFORE UPDATE ON components
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE component_relationships
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX component_relationships_unpushed_idx ON component_relationships (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER component_relationships_push_pending_insert BEFORE INSERT ON component_relationships
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER component_relationships_push_pending_update BEFORE UPDATE ON component_relationships
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

ALTER TABLE job_history
  ADD COLUMN is_pushed boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT nextval('agent_push_seq');
CREATE INDEX job_history_unpushed_idx ON job_history (push_seq) WHERE NOT is_pushed;
CREATE TRIGGER job_history_push_pending_insert BEFORE INSERT ON job_history
  FOR EACH ROW EXECUTE FUNCTION agent_push_pending();
-- The push job marking what it sent is the only update that leaves a row pushed.
CREATE TRIGGER job_history_push_pending_update BEFORE UPDATE ON job_history
  FOR EACH ROW WHEN (NOT (NEW.is_pushed AND NOT OLD.is_pushed AND NEW.push_seq = OLD.push_seq))
  EXECUTE FUNCTION agent_push_pending();

-- Pulls ask for rows of one agent changed since a time.
CREATE INDEX canaries_agent_updated_idx ON canaries (agent_id, updated_at);
CREATE INDEX config_scrapers_agent_updated_idx ON config_scrapers (agent_id, updated_at);

-- The summary as 091 defines it, plus status (online when seen within 60 s, unknown when never
-- seen) and health (unhealthy when one of its live checks is, healthy when it has checks).
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
  (SELECT count(*) FROM config_items ci WHERE ci.agent_id = a.id AND ci.deleted_at IS NULL)::bigint AS config_count,
  (SELECT count(*) FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL)::bigint AS checks_count,
  (SELECT count(*) FROM config_scrapers s WHERE s.agent_id = a.id AND s.deleted_at IS NULL)::bigint
    AS config_scrapper_count,
  (SELECT count(*) FROM playbook_runs pr WHERE pr.agent_id = a.id)::bigint AS playbook_runs_count,
  CASE
    WHEN a.last_seen IS NULL THEN 'unknown'
    WHEN a.last_seen > now() - interval '60 seconds' THEN 'online'
    ELSE 'offline'
  END AS status,
  CASE
    WHEN EXISTS (SELECT 1 FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL AND k.status = 'unhealthy')
      THEN 'unhealthy'
    WHEN EXISTS (SELECT 1 FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL AND k.status = 'healthy')
      THEN 'healthy'
    ELSE 'unknown'
  END AS health
FROM agents a
WHERE a.id <> '00000000-0000-0000-0000-000000000000';
