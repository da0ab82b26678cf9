-- Changes per item over the last 30 days, for the catalog summary at 100k items / 1M changes
-- (counting them live costs a scan of every recent change). Inserts add to it at once; the
-- CatalogChangeCounts job re-bases it on the sliding window and after deletions.

CREATE TABLE config_change_counts (
  config_id uuid PRIMARY KEY REFERENCES config_items (id) ON DELETE CASCADE,
  changes_30d integer NOT NULL DEFAULT 0,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION config_change_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO config_change_counts (config_id, changes_30d)
  SELECT i.config_id, count(*) FROM inserted i
  WHERE i.created_at > now() - interval '30 days'
  GROUP BY i.config_id
  ON CONFLICT (config_id) DO UPDATE SET changes_30d = config_change_counts.changes_30d + EXCLUDED.changes_30d;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_changes_counts_add AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION config_change_counts_add();

CREATE FUNCTION refresh_config_change_counts() RETURNS integer LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT ci.id AS config_id, coalesce(c.n, 0)::int AS n
    FROM config_items ci
    LEFT JOIN (
      SELECT config_id, count(*) AS n FROM config_changes
      WHERE created_at > now() - interval '30 days' GROUP BY config_id
    ) c ON c.config_id = ci.id
  ),
  upserted AS (
    INSERT INTO config_change_counts (config_id, changes_30d, refreshed_at)
    SELECT f.config_id, f.n, now() FROM fresh f
    LEFT JOIN config_change_counts x ON x.config_id = f.config_id
    WHERE x.config_id IS NULL OR x.changes_30d <> f.n
    ON CONFLICT (config_id) DO UPDATE SET changes_30d = EXCLUDED.changes_30d, refreshed_at = now()
    RETURNING 1
  )
  SELECT count(*)::int FROM upserted;
$$;
