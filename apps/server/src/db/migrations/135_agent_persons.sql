-- An agent acts as the person its generation made (people.type = 'agent', POST /api/agent/generate).
-- Deleting an agent deletes that person, so an agent row must never point at anybody else: no
-- insert may name another person, and no update may move an agent to another person. The data
-- API refuses person_id before it gets here (agents/write-hook.ts); this holds for every writer.
CREATE FUNCTION agents_check_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.person_id IS DISTINCT FROM OLD.person_id THEN
    RAISE EXCEPTION 'person_id: the person of an agent cannot be changed'
      USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'INSERT' AND NEW.person_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM people WHERE id = NEW.person_id AND type = 'agent' AND deleted_at IS NULL
  ) THEN
    RAISE EXCEPTION 'person_id: an agent acts only as the person made when it is generated'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER agents_check_person BEFORE INSERT OR UPDATE OF person_id ON agents
  FOR EACH ROW EXECUTE FUNCTION agents_check_person();
