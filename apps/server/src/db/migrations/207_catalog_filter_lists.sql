-- The catalog pages' filter option lists (docs/catalog.md, Filter lists) at 1M items / 10M
-- changes. The views keep their names and columns; SELECT DISTINCT over every item or change
-- cost 2–10 s each there.

-- Single-column lists: a loose index scan. Each step of the recursive query is one descent of a
-- btree to the next distinct value (min(x) WHERE x > previous), so a list of n values costs n
-- index probes however many rows there are. Types use config_items_type_name_idx (live items,
-- 030), change types config_changes_change_type_idx (030); statuses and analyzers get theirs.
CREATE INDEX config_items_live_status_idx ON config_items (status) WHERE deleted_at IS NULL;
CREATE INDEX config_analysis_analyzer_idx ON config_analysis (analyzer);

CREATE OR REPLACE VIEW config_types AS
WITH RECURSIVE t (type) AS (
  SELECT min(ci.type) FROM config_items ci WHERE ci.deleted_at IS NULL
  UNION ALL
  SELECT (SELECT min(ci.type) FROM config_items ci WHERE ci.deleted_at IS NULL AND ci.type > t.type)
  FROM t WHERE t.type IS NOT NULL
)
SELECT t.type FROM t WHERE t.type IS NOT NULL;

CREATE OR REPLACE VIEW config_statuses AS
WITH RECURSIVE t (status) AS (
  SELECT min(ci.status) FROM config_items ci WHERE ci.deleted_at IS NULL
  UNION ALL
  SELECT (SELECT min(ci.status) FROM config_items ci WHERE ci.deleted_at IS NULL AND ci.status > t.status)
  FROM t WHERE t.status IS NOT NULL
)
SELECT t.status FROM t WHERE t.status IS NOT NULL;

CREATE OR REPLACE VIEW change_types AS
WITH RECURSIVE t (change_type) AS (
  SELECT min(cc.change_type) FROM config_changes cc
  UNION ALL
  SELECT (SELECT min(cc.change_type) FROM config_changes cc WHERE cc.change_type > t.change_type)
  FROM t WHERE t.change_type IS NOT NULL
)
SELECT t.change_type FROM t WHERE t.change_type IS NOT NULL;

CREATE OR REPLACE VIEW config_analysis_analyzers AS
WITH RECURSIVE t (analyzer) AS (
  SELECT min(ca.analyzer) FROM config_analysis ca
  UNION ALL
  SELECT (SELECT min(ca.analyzer) FROM config_analysis ca WHERE ca.analyzer > t.analyzer)
  FROM t WHERE t.analyzer IS NOT NULL
)
SELECT t.analyzer FROM t WHERE t.analyzer IS NOT NULL;

-- Tag and label lists: no index can list the distinct pairs inside jsonb, so the pairs in use are
-- kept in a table with the number of live items carrying each. Counts (not insert-only with a
-- periodic prune) so that a pair no live item carries any more leaves the list at once, with no
-- job, and so that the prune does not have to search 1M items for every pair. A statement adds
-- one aggregated delta per distinct pair it touched (a scrape of 10k items carrying the same few
-- tags updates a few rows), in key order so that concurrent writers lock rows in one order.
CREATE TABLE config_item_key_values (
  kind text NOT NULL CHECK (kind IN ('tag', 'label')),
  key text NOT NULL,
  -- NULL for a JSON null value, as jsonb_each_text gives it.
  value text,
  items bigint NOT NULL,
  CONSTRAINT config_item_key_values_pair_key UNIQUE NULLS NOT DISTINCT (kind, key, value)
);

-- The (kind, key, value) pairs of an item's tags and labels; a value that is not a JSON object
-- (never written by Opsdeck, but possible through SQL) has none rather than failing the write.
CREATE FUNCTION config_item_pairs(tags jsonb, labels jsonb)
RETURNS TABLE (kind text, key text, value text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'tag', t.key, t.value
  FROM jsonb_each_text(CASE WHEN jsonb_typeof(config_item_pairs.tags) = 'object' THEN config_item_pairs.tags END) t
  UNION ALL
  SELECT 'label', l.key, l.value
  FROM jsonb_each_text(CASE WHEN jsonb_typeof(config_item_pairs.labels) = 'object' THEN config_item_pairs.labels END) l
$$;

-- Adds signed per-pair deltas; a pair whose count falls to zero is removed.
CREATE FUNCTION config_item_key_values_apply(delta config_item_key_values[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO config_item_key_values AS c (kind, key, value, items)
  SELECT d.kind, d.key, d.value, d.items FROM unnest(delta) d WHERE d.items <> 0
  ORDER BY d.kind, d.key, d.value
  ON CONFLICT (kind, key, value) DO UPDATE SET items = c.items + EXCLUDED.items;
  -- Two statements: `=` never matches a NULL value, and IS NOT DISTINCT FROM cannot use the index.
  DELETE FROM config_item_key_values c USING unnest(delta) d
  WHERE d.items < 0 AND c.kind = d.kind AND c.key = d.key AND c.value = d.value AND c.items <= 0;
  DELETE FROM config_item_key_values c USING unnest(delta) d
  WHERE d.items < 0 AND d.value IS NULL AND c.kind = d.kind AND c.key = d.key AND c.value IS NULL
    AND c.items <= 0;
END $$;

-- Statement triggers with transition tables: one aggregated pass per statement instead of a
-- function call per row (a scrape writes its items in a few large statements). On UPDATE only
-- rows whose tags, labels or liveness changed count: the others cancel out in the anti-joins.
CREATE FUNCTION config_items_key_values_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT array_agg(ROW(p.kind, p.key, p.value, p.n)::config_item_key_values) INTO delta
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
    ) p;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM config_item_key_values_apply(delta);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER config_items_key_values_insert AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_values_track();
CREATE TRIGGER config_items_key_values_update AFTER UPDATE ON config_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_values_track();
CREATE TRIGGER config_items_key_values_delete AFTER DELETE ON config_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_values_track();

CREATE FUNCTION config_items_key_values_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM config_item_key_values;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_key_values_truncate AFTER TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_values_truncate();

-- Backfill after the triggers exist: creating them locked config_items against writes until
-- this migration commits, so no write falls between the two.
INSERT INTO config_item_key_values (kind, key, value, items)
SELECT p.kind, p.key, p.value, count(*)
FROM config_items ci, config_item_pairs(ci.tags, ci.labels) p
WHERE ci.deleted_at IS NULL
GROUP BY p.kind, p.key, p.value;

CREATE OR REPLACE VIEW config_tags AS
SELECT kv.key, kv.value FROM config_item_key_values kv WHERE kv.kind = 'tag' AND kv.items > 0;

CREATE OR REPLACE VIEW config_labels AS
SELECT kv.key, kv.value FROM config_item_key_values kv WHERE kv.kind = 'label' AND kv.items > 0;
