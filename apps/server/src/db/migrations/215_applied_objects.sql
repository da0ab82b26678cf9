-- Specs as code (docs/specs-as-code.md): `opsdeck apply` marks the rows it writes with
-- source 'apply' and `applied` = {file, digest, labels, document, at}: where the object came
-- from, the digest of the document last applied (a second apply of the same file changes
-- nothing), its labels (what `--prune --selector` chooses among) and the document itself (what
-- `opsdeck diff` compares with). A hand edit of an applied row's content sets `edited`, so the
-- next apply puts the file's version back.
ALTER TABLE canaries ADD COLUMN applied jsonb;
ALTER TABLE config_scrapers ADD COLUMN applied jsonb;
ALTER TABLE topologies ADD COLUMN applied jsonb;
ALTER TABLE playbooks ADD COLUMN applied jsonb;
ALTER TABLE notifications ADD COLUMN applied jsonb;
ALTER TABLE notification_silences ADD COLUMN applied jsonb;
ALTER TABLE incident_rules ADD COLUMN applied jsonb;
ALTER TABLE connections ADD COLUMN applied jsonb;
ALTER TABLE teams ADD COLUMN applied jsonb;
ALTER TABLE logging_backends ADD COLUMN applied jsonb;

-- A notification whose team or person does not exist yet (`to.team: sre` applied before the
-- team): {"team": "sre"} or {"person": "a@b.c"}, until the name resolves. It stands for the
-- rule's one recipient meanwhile.
ALTER TABLE notifications ADD COLUMN recipient_ref jsonb;

-- The trigger's arguments are the columns that hold what the document says; anything else
-- (a canary's or topology's schedule, which the server takes from the spec; next runs; errors;
-- updated_at) changes without anyone editing the object. A
-- statement that resolves a pending reference sets opsdeck.keep_applied: that is not an edit.
-- The WHEN clause keeps the function from being called at all for rows never applied (the
-- scheduler's updates of canaries and topologies).
CREATE FUNCTION applied_mark_hand_edit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  column_name text;
  before jsonb;
  after jsonb;
BEGIN
  IF OLD.applied IS NULL OR NEW.applied IS DISTINCT FROM OLD.applied
     OR coalesce(OLD.applied ->> 'edited', '') = 'true'
     OR coalesce(current_setting('opsdeck.keep_applied', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  before := to_jsonb(OLD);
  after := to_jsonb(NEW);
  FOREACH column_name IN ARRAY TG_ARGV LOOP
    IF before -> column_name IS DISTINCT FROM after -> column_name THEN
      NEW.applied := OLD.applied || '{"edited": true}'::jsonb;
      RETURN NEW;
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;

CREATE TRIGGER canaries_applied_edit BEFORE UPDATE ON canaries FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'labels', 'spec', 'deleted_at');
CREATE TRIGGER config_scrapers_applied_edit BEFORE UPDATE ON config_scrapers FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'description', 'spec', 'schedule', 'deleted_at');
CREATE TRIGGER topologies_applied_edit BEFORE UPDATE ON topologies FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'labels', 'spec', 'deleted_at');
CREATE TRIGGER playbooks_applied_edit BEFORE UPDATE ON playbooks FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'title', 'icon', 'description', 'category', 'spec', 'deleted_at');
CREATE TRIGGER notifications_applied_edit BEFORE UPDATE ON notifications FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'events', 'title', 'template', 'filter',
    'properties', 'person_id', 'team_id', 'custom_services', 'recipient_ref', 'repeat_interval', 'wait_for',
    'group_by', 'group_by_interval', 'deleted_at');
CREATE TRIGGER notification_silences_applied_edit BEFORE UPDATE ON notification_silences FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'description', 'from', 'until', 'recursive',
    'filter', 'selectors', 'config_id', 'component_id', 'check_id', 'canary_id', 'deleted_at');
CREATE TRIGGER incident_rules_applied_edit BEFORE UPDATE ON incident_rules FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'spec', 'deleted_at');
CREATE TRIGGER connections_applied_edit BEFORE UPDATE ON connections FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'type', 'url', 'username', 'password',
    'certificate', 'properties', 'insecure_tls', 'deleted_at');
CREATE TRIGGER teams_applied_edit BEFORE UPDATE ON teams FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'icon', 'spec', 'deleted_at');
CREATE TRIGGER logging_backends_applied_edit BEFORE UPDATE ON logging_backends FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('name', 'namespace', 'labels', 'spec', 'deleted_at');
