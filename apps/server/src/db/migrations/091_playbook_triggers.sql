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

-- Notifications of playbook.run.completed / failed: their history names the run (type playbook),
-- and the event carries its playbook's name and title so a message needs no other query.
ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_resource_type_check;
ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_resource_type_check
  CHECK (resource_type IN ('check', 'config', 'component', 'canary', 'incident', 'playbook'));

CREATE OR REPLACE FUNCTION playbook_run_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pb record;
BEGIN
  IF NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status THEN
    SELECT name, title INTO pb FROM playbooks WHERE id = NEW.playbook_id;
    PERFORM enqueue_event('playbook.run.' || NEW.status, NEW.id, jsonb_build_object(
      'id', NEW.id, 'playbook_id', NEW.playbook_id, 'status', NEW.status, 'error', NEW.error,
      'check_id', NEW.check_id, 'config_id', NEW.config_id, 'component_id', NEW.component_id,
      'created_by', NEW.created_by, 'playbook_name', pb.name,
      'playbook_title', coalesce(nullif(pb.title, ''), pb.name), 'trigger', NEW.trigger,
      'start_time', NEW.start_time, 'end_time', NEW.end_time));
  END IF;
  RETURN NULL;
END $$;

-- Real run counts where the summaries said 0 (agents_summary as 031 defines it, config_detail as
-- 033 does; only the playbook_runs expression differs).
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
  (SELECT count(*) FROM playbook_runs pr WHERE pr.agent_id = a.id)::bigint AS playbook_runs_count
FROM agents a
WHERE a.id <> '00000000-0000-0000-0000-000000000000';


CREATE OR REPLACE VIEW config_detail AS
SELECT
  ci.id,
  ci.scraper_id,
  ci.agent_id,
  jsonb_build_object('id', ag.id, 'name', ag.name) AS agent,
  ci.external_id,
  ci.type,
  ci.config_class,
  ci.name,
  ci.namespace,
  ci.description,
  ci.status,
  ci.health,
  ci.ready,
  ci.labels,
  ci.tags,
  ci.properties,
  ci.config,
  ci.path,
  ci.parent_id,
  ci.cost_per_minute,
  ci.cost_total_1d,
  ci.cost_total_7d,
  ci.cost_total_30d,
  ci.created_at,
  ci.updated_at,
  ci.deleted_at,
  ci.last_scraped_time,
  CASE WHEN cs.id IS NULL THEN NULL ELSE jsonb_build_object('id', cs.id, 'name', cs.name) END AS config_scrapers,
  jsonb_build_object(
    'changes', (SELECT count(*) FROM config_changes cc WHERE cc.config_id = ci.id),
    'analysis', (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open'),
    'relationships', (
      SELECT count(*) FROM config_relationships r
      WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL
    ) + (SELECT count(*) FROM config_items ch WHERE ch.parent_id = ci.id AND ch.deleted_at IS NULL)
      + (CASE WHEN ci.parent_id IS NULL THEN 0 ELSE 1 END),
    'playbook_runs', (SELECT count(*) FROM playbook_runs pr WHERE pr.config_id = ci.id),
    'checks', (
      SELECT count(*) FROM check_config_relationships ccr
      JOIN checks k ON k.id = ccr.check_id AND k.deleted_at IS NULL
      WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL
    )
  ) AS summary
FROM config_items ci
LEFT JOIN config_scrapers cs ON cs.id = ci.scraper_id
LEFT JOIN agents ag ON ag.id = ci.agent_id;

