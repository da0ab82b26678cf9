-- The catalog summary read config_change_counts through a 100k × 100k hash join, which cost
-- more than the aggregation itself. The 30-day change count now lives on the item, so the
-- summary is one scan of config_items. Inserts still add to it at once (statement trigger);
-- the CatalogChangeCounts job still re-bases it on the sliding window and after deletions.
-- Items get room on their pages so that these counter updates stay HOT (no index writes).

ALTER TABLE config_items ADD COLUMN changes_30d integer NOT NULL DEFAULT 0;
ALTER TABLE config_items SET (fillfactor = 90);

UPDATE config_items ci SET changes_30d = cn.changes_30d
FROM config_change_counts cn
WHERE cn.config_id = ci.id AND cn.changes_30d <> 0;

CREATE OR REPLACE FUNCTION config_change_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items ci SET changes_30d = ci.changes_30d + n.n
  FROM (
    SELECT i.config_id, count(*)::int AS n FROM inserted i
    WHERE i.created_at > now() - interval '30 days'
    GROUP BY i.config_id
  ) n
  WHERE ci.id = n.config_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION refresh_config_change_counts() RETURNS integer LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT ci.id, coalesce(c.n, 0)::int AS n
    FROM config_items ci
    LEFT JOIN (
      SELECT config_id, count(*) AS n FROM config_changes
      WHERE created_at > now() - interval '30 days' GROUP BY config_id
    ) c ON c.config_id = ci.id
  ),
  updated AS (
    UPDATE config_items ci SET changes_30d = f.n
    FROM fresh f
    WHERE f.id = ci.id AND ci.changes_30d <> f.n
    RETURNING 1
  )
  SELECT count(*)::int FROM updated;
$$;

DROP TABLE config_change_counts;
