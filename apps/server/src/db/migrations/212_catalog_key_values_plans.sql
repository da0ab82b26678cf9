-- Migration 207's tag and label pairs: the UPDATE branch anti-joins the statement's old and new
-- rows. As static SQL, plpgsql plans it once per session for the transition tables' size at that
-- moment and keeps the plan: one made for a one-row update loops 10k × 10k for the next scrape's
-- 10k-item update (209 met the same with its insights). EXECUTE plans it for the rows at hand.
-- Same function, same triggers, same results; only how the statements are planned changes.
CREATE OR REPLACE FUNCTION config_items_key_values_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta config_item_key_values[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(p.kind, p.key, p.value, p.n)::config_item_key_values) INTO delta
    FROM (
      SELECT p.kind, p.key, p.value, count(*) AS n
      FROM new_items i, config_item_pairs(i.tags, i.labels) p
      WHERE i.deleted_at IS NULL
      GROUP BY p.kind, p.key, p.value
    ) p;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(p.kind, p.key, p.value, -p.n)::config_item_key_values) INTO delta
    FROM (
      SELECT p.kind, p.key, p.value, count(*) AS n
      FROM old_items i, config_item_pairs(i.tags, i.labels) p
      WHERE i.deleted_at IS NULL
      GROUP BY p.kind, p.key, p.value
    ) p;
  ELSE
    EXECUTE $sql$
      SELECT array_agg(ROW(p.kind, p.key, p.value, p.n)::config_item_key_values)
      FROM (
        SELECT p.kind, p.key, p.value, sum(d.sign) AS n
        FROM (
          SELECT n.tags, n.labels, 1 AS sign FROM new_items n
          WHERE n.deleted_at IS NULL AND NOT EXISTS (
            SELECT 1 FROM old_items o
            WHERE o.id = n.id AND o.deleted_at IS NULL AND o.tags = n.tags AND o.labels = n.labels
          )
          UNION ALL
          SELECT o.tags, o.labels, -1 FROM old_items o
          WHERE o.deleted_at IS NULL AND NOT EXISTS (
            SELECT 1 FROM new_items n
            WHERE n.id = o.id AND n.deleted_at IS NULL AND n.tags = o.tags AND n.labels = o.labels
          )
        ) d, config_item_pairs(d.tags, d.labels) p
        GROUP BY p.kind, p.key, p.value
        HAVING sum(d.sign) <> 0
      ) p
    $sql$ INTO delta;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM config_item_key_values_apply(delta);
  END IF;
  RETURN NULL;
END $$;
