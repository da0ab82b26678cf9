-- Comments keep their author and show their edits (docs/incidents.md, Comments). Who wrote a
-- comment never changes; only its author, a commander (the role, or the incident's own
-- commander) or an admin edits or deletes it; an edit sets `edited_at` and writes a
-- `responder.comment_edited` changelog entry. The person acting is `opsdeck.actor`, which the
-- data API sets for every write; the console's own work (no actor) is not limited.
ALTER TABLE comments ADD COLUMN edited_at timestamptz;

CREATE FUNCTION comments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := incident_actor();
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.created_by IS DISTINCT FROM OLD.created_by THEN
    RAISE EXCEPTION 'created_by: who wrote a comment cannot be changed' USING ERRCODE = '42501';
  END IF;
  -- Deleted with its incident or hypothesis (a cascade runs one trigger level down): not an edit.
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF actor IS NOT NULL AND actor IS DISTINCT FROM OLD.created_by
     AND NOT EXISTS (SELECT 1 FROM person_roles WHERE person_id = actor AND role IN ('admin', 'commander'))
     AND NOT EXISTS (SELECT 1 FROM incidents WHERE id = OLD.incident_id AND commander_id = actor) THEN
    RAISE EXCEPTION 'only its author, an incident commander or an admin may % a comment',
      CASE TG_OP WHEN 'DELETE' THEN 'delete' ELSE 'edit' END
      USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.comment IS DISTINCT FROM OLD.comment THEN
    NEW.edited_at := now();
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER comments_guard BEFORE UPDATE OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_guard();

-- An edit in the changelog, by whoever made it; people newly mentioned are recorded too.
CREATE FUNCTION comments_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_mentions (comment_id, person_id)
  SELECT NEW.id, p.id FROM people p
  WHERE p.id::text IN (SELECT (regexp_matches(NEW.comment, '@\[[^\]]*\]\(user:([0-9a-fA-F-]{36})\)', 'g'))[1])
  ON CONFLICT DO NOTHING;
  INSERT INTO incident_histories (incident_id, type, description, created_by, comment_id, hypothesis_id, responder_id)
  VALUES (NEW.incident_id, 'responder.comment_edited', left(NEW.comment, 500),
    coalesce(incident_actor(), NEW.created_by), NEW.id, NEW.hypothesis_id, NEW.responder_id);
  RETURN NULL;
END $$;
CREATE TRIGGER comments_edited AFTER UPDATE OF comment ON comments
  FOR EACH ROW WHEN (NEW.comment IS DISTINCT FROM OLD.comment) EXECUTE FUNCTION comments_edited();
