-- The health dashboard's label filter options (health/dashboard.ts) at 100k checks: every
-- key and value the live checks carry. Read from jsonb_each_text over every check they cost
-- 0.6–1 s per request there; no index lists the pairs inside jsonb, so they are kept here with
-- the number of live checks of each canary carrying each pair. Per canary, so that a canary
-- deleted (its checks retired later, or not at all through SQL) drops out when it is read,
-- with no trigger on canaries. Counts rather than insert-only, so that a value no check carries
-- any more leaves the list at once, with no job.
CREATE TABLE check_label_values (
  canary_id uuid NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  checks bigint NOT NULL,
  PRIMARY KEY (canary_id, key, value)
);

-- The (key, value) pairs of a check's labels; JSON null values are not options (the dashboard
-- never offered them), and labels that are not a JSON object have none.
CREATE FUNCTION check_label_pairs(labels jsonb)
RETURNS TABLE (key text, value text) LANGUAGE sql IMMUTABLE AS $$
  SELECT l.key, l.value
  FROM jsonb_each_text(CASE WHEN jsonb_typeof(check_label_pairs.labels) = 'object' THEN check_label_pairs.labels END) l
  WHERE l.value IS NOT NULL
$$;

-- Adds signed per-pair deltas, in key order so that concurrent writers lock rows in one order;
-- a pair whose count falls to zero is removed.
CREATE FUNCTION check_label_values_apply(delta check_label_values[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_label_values AS c (canary_id, key, value, checks)
  SELECT d.canary_id, d.key, d.value, d.checks FROM unnest(delta) d WHERE d.checks <> 0
  ORDER BY d.canary_id, d.key, d.value
  ON CONFLICT (canary_id, key, value) DO UPDATE SET checks = c.checks + EXCLUDED.checks;
  DELETE FROM check_label_values c USING unnest(delta) d
  WHERE d.checks < 0 AND c.canary_id = d.canary_id AND c.key = d.key AND c.value = d.value AND c.checks <= 0;
END $$;

-- Inserts and deletes: one aggregated pass per statement (a canary's checks are written
-- together). Updates: a row trigger that runs only when the labels, the liveness or the canary
-- changed — every check run updates its check, and a statement trigger would capture old and
-- new rows of each of those updates for nothing.
CREATE FUNCTION checks_label_values_listed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta check_label_values[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(p.canary_id, p.key, p.value, p.n)::check_label_values) INTO delta
    FROM (
      SELECT k.canary_id, l.key, l.value, count(*) AS n
      FROM new_checks k, check_label_pairs(k.labels) l
      WHERE k.deleted_at IS NULL
      GROUP BY k.canary_id, l.key, l.value
    ) p;
  ELSE
    SELECT array_agg(ROW(p.canary_id, p.key, p.value, -p.n)::check_label_values) INTO delta
    FROM (
      SELECT k.canary_id, l.key, l.value, count(*) AS n
      FROM old_checks k, check_label_pairs(k.labels) l
      WHERE k.deleted_at IS NULL
      GROUP BY k.canary_id, l.key, l.value
    ) p;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM check_label_values_apply(delta);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION checks_label_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta check_label_values[];
BEGIN
  SELECT array_agg(ROW(p.canary_id, p.key, p.value, p.n)::check_label_values) INTO delta
  FROM (
    SELECT d.canary_id, l.key, l.value, sum(d.sign) AS n
    FROM (
      SELECT NEW.canary_id, NEW.labels, 1 AS sign WHERE NEW.deleted_at IS NULL
      UNION ALL
      SELECT OLD.canary_id, OLD.labels, -1 WHERE OLD.deleted_at IS NULL
    ) d (canary_id, labels, sign), check_label_pairs(d.labels) l
    GROUP BY d.canary_id, l.key, l.value
    HAVING sum(d.sign) <> 0
  ) p;
  IF delta IS NOT NULL THEN
    PERFORM check_label_values_apply(delta);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER checks_label_values_insert AFTER INSERT ON checks
  REFERENCING NEW TABLE AS new_checks FOR EACH STATEMENT EXECUTE FUNCTION checks_label_values_listed();
CREATE TRIGGER checks_label_values_delete AFTER DELETE ON checks
  REFERENCING OLD TABLE AS old_checks FOR EACH STATEMENT EXECUTE FUNCTION checks_label_values_listed();
CREATE TRIGGER checks_label_values_update AFTER UPDATE ON checks
  FOR EACH ROW WHEN (
    OLD.labels IS DISTINCT FROM NEW.labels
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.canary_id IS DISTINCT FROM NEW.canary_id
  ) EXECUTE FUNCTION checks_label_values_changed();

CREATE FUNCTION checks_label_values_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM check_label_values;
  RETURN NULL;
END $$;
CREATE TRIGGER checks_label_values_truncate AFTER TRUNCATE ON checks
  FOR EACH STATEMENT EXECUTE FUNCTION checks_label_values_truncate();

-- Backfill after the triggers exist: creating them locked checks against writes until this
-- migration commits, so no write falls between the two.
INSERT INTO check_label_values (canary_id, key, value, checks)
SELECT k.canary_id, l.key, l.value, count(*)
FROM checks k, check_label_pairs(k.labels) l
WHERE k.deleted_at IS NULL
GROUP BY k.canary_id, l.key, l.value;
