-- The health summary is computed once and shared between users for a few seconds
-- (health/summary.ts). Every change a user would see as another status or another list of
-- checks bumps this counter in the same transaction, so a shared summary is never served
-- after the change that made it stale: readers compare the counter before reusing one.
-- Uptime and latency figures, which every run moves, are shared for those few seconds.
CREATE TABLE health_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL
);
INSERT INTO health_changes VALUES (true, 0);

CREATE FUNCTION opsdeck_health_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE health_changes SET n = n + 1;
  RETURN NULL;
END;
$$;

-- Checks added or removed.
CREATE TRIGGER checks_listed AFTER INSERT OR DELETE OR TRUNCATE ON checks
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_health_changed();
-- A status that changed, a check deleted, or what the summary shows of it edited; not the
-- times every run moves.
CREATE TRIGGER checks_changed AFTER UPDATE ON checks
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.canary_id IS DISTINCT FROM NEW.canary_id
    OR OLD.agent_id IS DISTINCT FROM NEW.agent_id
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.namespace IS DISTINCT FROM NEW.namespace
    OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.icon IS DISTINCT FROM NEW.icon
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.endpoint IS DISTINCT FROM NEW.endpoint
    OR OLD.labels IS DISTINCT FROM NEW.labels
    OR OLD.severity IS DISTINCT FROM NEW.severity
  ) EXECUTE FUNCTION opsdeck_health_changed();
-- A canary renamed or deleted (its checks carry its name in the summary).
CREATE TRIGGER canaries_changed AFTER UPDATE ON canaries
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.namespace IS DISTINCT FROM NEW.namespace
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
  ) EXECUTE FUNCTION opsdeck_health_changed();
CREATE TRIGGER canaries_listed AFTER DELETE OR TRUNCATE ON canaries
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_health_changed();
