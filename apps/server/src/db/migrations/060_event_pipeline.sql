-- The event pipeline (docs/events.md). Producers are triggers on the tables whose changes cause
-- events, so an event is written in the same transaction as its change, whoever makes it (a
-- check run, a scrape, a topology refresh, the data API). The consumer (src/events) claims due
-- events with FOR UPDATE SKIP LOCKED, runs the handlers the domains registered and deletes the
-- event; a failure is retried with back-off, and after the last attempt the event stays, failed.

ALTER TABLE event_queue
  -- The resource the event is about (check, config item, change, component): a newer event of
  -- the same name for the same resource replaces a queued one and starts its attempts again.
  ADD COLUMN event_id uuid,
  -- Set when the last attempt failed: the event is not tried again and stays visible.
  ADD COLUMN failed_at timestamptz,
  -- The consumer batch that holds the event; available_at is then its lease.
  ADD COLUMN claimed_by uuid,
  -- Domains whose handler already succeeded for this event: a retry runs only the others.
  ADD COLUMN handled_by text[] NOT NULL DEFAULT '{}';

-- Room on each page for the claim's update to stay on the page (no index entries to add).
ALTER TABLE event_queue SET (fillfactor = 70);

CREATE UNIQUE INDEX event_queue_name_event_id_key ON event_queue (name, event_id);
DROP INDEX event_queue_claim_idx;
-- The claim reads in this order and skips the events that are not due yet.
CREATE INDEX event_queue_due_idx ON event_queue (priority DESC, created_at) WHERE failed_at IS NULL;
-- Only the summary's most common error looks events up by name, and only failed ones: every
-- producer pays for each index of this table.
DROP INDEX event_queue_name_idx;
CREATE INDEX event_queue_errors_idx ON event_queue (name) WHERE error IS NOT NULL;

-- The one way producers write an event: a queued event of the same name and resource is
-- replaced (new properties, attempts and error reset, due now) instead of piling up. Called
-- once per event, also from statement-level triggers, so a bulk write streams its events.
CREATE FUNCTION enqueue_event(event_name text, resource_id uuid, payload jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO event_queue (name, event_id, properties) VALUES (event_name, resource_id, payload)
  ON CONFLICT (name, event_id) DO UPDATE SET properties = excluded.properties, created_at = now(),
    available_at = now(), attempts = 0, error = NULL, last_attempt = NULL, failed_at = NULL,
    claimed_by = NULL, handled_by = '{}'
$$;

-- Wakes idle consumers (they also poll, so a lost notification only delays).
CREATE FUNCTION event_queue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_queue', '');
  RETURN NULL;
END $$;
CREATE TRIGGER event_queue_notify AFTER INSERT ON event_queue
  FOR EACH STATEMENT EXECUTE FUNCTION event_queue_notify();

-- check.passed / check.failed when a check's status changes; a first result only when it fails.
-- The result's message and error come from the status row stored by the same statement.
CREATE FUNCTION check_status_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
  result record;
  canary_name text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    previous := OLD.status;
  END IF;
  IF NEW.status IS NULL OR NEW.deleted_at IS NOT NULL OR (previous IS NULL AND NEW.status = 'healthy') THEN
    RETURN NULL;
  END IF;
  SELECT s.message, s.error, s.time INTO result
  FROM check_statuses s WHERE s.check_id = NEW.id ORDER BY s.time DESC LIMIT 1;
  SELECT c.name INTO canary_name FROM canaries c WHERE c.id = NEW.canary_id;
  PERFORM enqueue_event(
    CASE WHEN NEW.status = 'healthy' THEN 'check.passed' ELSE 'check.failed' END,
    NEW.id,
    jsonb_build_object(
      'id', NEW.id, 'check_id', NEW.id, 'canary_id', NEW.canary_id, 'canary_name', canary_name,
      'name', NEW.name, 'type', NEW.type, 'namespace', NEW.namespace, 'description', NEW.description,
      'icon', NEW.icon, 'endpoint', NEW.endpoint, 'labels', NEW.labels, 'severity', NEW.severity,
      'agent_id', NEW.agent_id, 'status', NEW.status, 'previous_status', previous,
      'message', result.message, 'error', result.error, 'time', coalesce(result.time, NEW.last_runtime)
    )
  );
  RETURN NULL;
END $$;
CREATE TRIGGER checks_insert_events AFTER INSERT ON checks
  FOR EACH ROW WHEN (NEW.status IS NOT NULL) EXECUTE FUNCTION check_status_events();
CREATE TRIGGER checks_update_events AFTER UPDATE OF status ON checks
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION check_status_events();

-- What every config.* event carries about its item (not the config document itself).
CREATE FUNCTION config_event_properties(c config_items) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', c.id, 'config_id', c.id, 'name', c.name, 'type', c.type, 'config_class', c.config_class,
    'namespace', c.namespace, 'description', c.description, 'status', c.status, 'health', c.health,
    'ready', c.ready, 'labels', c.labels, 'tags', c.tags, 'agent_id', c.agent_id,
    'scraper_id', c.scraper_id, 'parent_id', c.parent_id, 'path', c.path,
    'external_id', to_jsonb(c.external_id), 'created_at', c.created_at, 'updated_at', c.updated_at,
    'deleted_at', c.deleted_at
  )
$$;

-- config.created for each new live item, and config.unhealthy / config.warning when it is born so.
CREATE FUNCTION config_items_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event(e.name, e.id, e.properties)
  FROM (
    SELECT 'config.created' AS name, i.id, config_event_properties(i) AS properties
    FROM inserted i WHERE i.deleted_at IS NULL
    UNION ALL
    SELECT 'config.' || i.health, i.id, config_event_properties(i) || '{"previous_health": null}'::jsonb
    FROM inserted i WHERE i.deleted_at IS NULL AND i.health IN ('unhealthy', 'warning')
  ) e;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_insert_events AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION config_items_insert_events();

-- config.deleted on soft delete; config.<health> when a live item's health changes (no health
-- counts as unknown), config.degraded for unhealthy -> warning.
CREATE FUNCTION config_items_update_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := coalesce(OLD.health, 'unknown');
  health text := coalesce(NEW.health, 'unknown');
  event_name text;
BEGIN
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM enqueue_event('config.deleted', NEW.id, config_event_properties(NEW));
  ELSIF NEW.deleted_at IS NULL AND was <> health THEN
    event_name := CASE WHEN was = 'unhealthy' AND health = 'warning' THEN 'config.degraded' ELSE 'config.' || health END;
    PERFORM enqueue_event(event_name, NEW.id,
      config_event_properties(NEW) || jsonb_build_object('previous_health', OLD.health));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_update_events AFTER UPDATE OF health, deleted_at ON config_items
  FOR EACH ROW WHEN (OLD.health IS DISTINCT FROM NEW.health OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION config_items_update_events();

-- config.updated for a new `diff` change, config.changed for any other new change of a live item
-- (an identical change counted into an earlier row is not new). event_id is the change's id.
CREATE FUNCTION config_changes_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event(
    CASE WHEN n.change_type = 'diff' THEN 'config.updated' ELSE 'config.changed' END,
    n.id,
    config_event_properties(c) || jsonb_build_object(
      'change_id', n.id, 'change_type', n.change_type, 'summary', n.summary, 'severity', n.severity,
      'source', n.source, 'created_by', n.created_by, 'external_created_by', n.external_created_by,
      'changed_at', n.created_at
    )
  )
  FROM inserted n JOIN config_items c ON c.id = n.config_id
  WHERE c.deleted_at IS NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER config_changes_insert_events AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION config_changes_insert_events();

-- What every component.* event carries about its component.
CREATE FUNCTION component_event_properties(c components) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', c.id, 'component_id', c.id, 'name', c.name, 'title', c.title, 'type', c.type,
    'namespace', c.namespace, 'icon', c.icon, 'owner', c.owner, 'status', c.status,
    'status_reason', c.status_reason, 'labels', c.labels, 'agent_id', c.agent_id,
    'topology_id', c.topology_id, 'parent_id', c.parent_id, 'config_id', c.config_id,
    'external_id', c.external_id, 'path', c.path
  )
$$;

-- component.<health> when a live component's rolled-up health (status) changes, and
-- component.unhealthy / component.warning when one is born so.
CREATE FUNCTION components_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('component.' || i.status, i.id,
    component_event_properties(i) || '{"previous_status": null}'::jsonb)
  FROM inserted i WHERE i.deleted_at IS NULL AND i.status IN ('unhealthy', 'warning');
  RETURN NULL;
END $$;
CREATE TRIGGER components_insert_events AFTER INSERT ON components
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION components_insert_events();

CREATE FUNCTION components_update_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL AND NEW.status IN ('healthy', 'unhealthy', 'warning', 'unknown') THEN
    PERFORM enqueue_event('component.' || NEW.status, NEW.id,
      component_event_properties(NEW) || jsonb_build_object('previous_status', OLD.status));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER components_update_events AFTER UPDATE OF status ON components
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION components_update_events();

-- The Event Queue page (docs/events.md): one row per event name. pending = will still be handled
-- (waiting for a first attempt or a retry), failed = the last attempt failed (retrying or
-- given up), given_up = no attempt left. Failure times are those of the failed attempts.
CREATE OR REPLACE VIEW event_queue_summary AS
SELECT
  q.name,
  count(*) FILTER (WHERE q.failed_at IS NULL) AS pending,
  count(*) FILTER (WHERE q.error IS NOT NULL) AS failed,
  round(avg(q.attempts), 2)::float8 AS average_attempts,
  min(q.last_attempt) FILTER (WHERE q.error IS NOT NULL) AS first_failure,
  max(q.last_attempt) FILTER (WHERE q.error IS NOT NULL) AS last_failure,
  (
    SELECT e.error FROM event_queue e
    WHERE e.name = q.name AND e.error IS NOT NULL
    GROUP BY e.error ORDER BY count(*) DESC, e.error LIMIT 1
  ) AS most_common_error,
  count(*) FILTER (WHERE q.failed_at IS NOT NULL) AS given_up
FROM event_queue q
GROUP BY q.name;
