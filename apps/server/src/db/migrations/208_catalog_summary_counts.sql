-- The catalog summary (POST /api/catalog/summary, docs/catalog.md, Summary) at 1M items: grouping
-- every item per request cost 1.3-1.4 s. The counts, the per-health counts (from the key), the
-- 30-day cost and the 30-day change counts are kept per combination of the summary's plain
-- columns, so a summary grouped and filtered by those columns reads this table (a few thousand
-- rows) instead of config_items. Groupings or filters by tags, labels or name stay live.
CREATE TABLE config_item_summary (
  type text NOT NULL,
  config_class text,
  status text,
  health text,
  namespace text,
  agent_id uuid NOT NULL,
  scraper_id uuid,
  -- deleted_at IS NOT NULL: the summary leaves deleted items out unless asked for them.
  deleted boolean NOT NULL,
  items bigint NOT NULL,
  -- Items with a cost: sum() of none is NULL, which the summary answers as it did.
  costed bigint NOT NULL,
  cost_total_30d numeric NOT NULL,
  changes_30d bigint NOT NULL,
  CONSTRAINT config_item_summary_key UNIQUE NULLS NOT DISTINCT
    (type, config_class, status, health, namespace, agent_id, scraper_id, deleted)
);

-- Adds signed per-key deltas, in key order so that concurrent writers lock rows in one order; a
-- key no item has any more is removed (by its row address, as its NULL columns defeat `=`).
CREATE FUNCTION config_item_summary_apply(delta config_item_summary[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH up AS (
    INSERT INTO config_item_summary AS s
    SELECT d.* FROM unnest(delta) d
    ORDER BY d.type, d.config_class, d.status, d.health, d.namespace, d.agent_id, d.scraper_id, d.deleted
    ON CONFLICT ON CONSTRAINT config_item_summary_key DO UPDATE SET
      items = s.items + EXCLUDED.items,
      costed = s.costed + EXCLUDED.costed,
      cost_total_30d = s.cost_total_30d + EXCLUDED.cost_total_30d,
      changes_30d = s.changes_30d + EXCLUDED.changes_30d
    RETURNING s.ctid AS at, s.items
  )
  SELECT array_agg(up.at) INTO emptied FROM up WHERE up.items <= 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM config_item_summary s WHERE s.ctid = ANY (emptied) AND s.items <= 0;
  END IF;
END $$;

-- Statement triggers with transition tables (as 207's tag pairs): one aggregated pass per
-- statement. An UPDATE counts every old row out and every new row in; rows whose key, cost and
-- change count did not change cancel out in the sums and write nothing. That covers the
-- changes_30d updates of migration 034's trigger and job, soft deletes and cost updates alike.
CREATE FUNCTION config_items_summary_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta config_item_summary[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(d.type, d.config_class, d.status, d.health, d.namespace, d.agent_id,
        d.scraper_id, d.deleted, d.items, d.costed, d.cost, d.changes)::config_item_summary) INTO delta
    FROM (
      SELECT i.type, i.config_class, i.status, i.health, i.namespace, i.agent_id, i.scraper_id,
        i.deleted_at IS NOT NULL AS deleted, count(*) AS items, count(i.cost_total_30d) AS costed,
        coalesce(sum(i.cost_total_30d), 0) AS cost, sum(i.changes_30d) AS changes
      FROM new_items i
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(d.type, d.config_class, d.status, d.health, d.namespace, d.agent_id,
        d.scraper_id, d.deleted, -d.items, -d.costed, -d.cost, -d.changes)::config_item_summary) INTO delta
    FROM (
      SELECT i.type, i.config_class, i.status, i.health, i.namespace, i.agent_id, i.scraper_id,
        i.deleted_at IS NOT NULL AS deleted, count(*) AS items, count(i.cost_total_30d) AS costed,
        coalesce(sum(i.cost_total_30d), 0) AS cost, sum(i.changes_30d) AS changes
      FROM old_items i
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ) d;
  ELSE
    SELECT array_agg(ROW(d.type, d.config_class, d.status, d.health, d.namespace, d.agent_id,
        d.scraper_id, d.deleted, d.items, d.costed, d.cost, d.changes)::config_item_summary) INTO delta
    FROM (
      SELECT r.type, r.config_class, r.status, r.health, r.namespace, r.agent_id, r.scraper_id,
        r.deleted, sum(r.sign) AS items, sum(r.sign * (r.cost IS NOT NULL)::int) AS costed,
        coalesce(sum(r.sign * r.cost), 0) AS cost, sum(r.sign * r.changes) AS changes
      FROM (
        SELECT n.type, n.config_class, n.status, n.health, n.namespace, n.agent_id, n.scraper_id,
          n.deleted_at IS NOT NULL AS deleted, n.cost_total_30d AS cost, n.changes_30d AS changes, 1 AS sign
        FROM new_items n
        UNION ALL
        SELECT o.type, o.config_class, o.status, o.health, o.namespace, o.agent_id, o.scraper_id,
          o.deleted_at IS NOT NULL, o.cost_total_30d, o.changes_30d, -1
        FROM old_items o
      ) r
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      HAVING sum(r.sign) <> 0 OR sum(r.sign * (r.cost IS NOT NULL)::int) <> 0
        OR coalesce(sum(r.sign * r.cost), 0) <> 0 OR sum(r.sign * r.changes) <> 0
    ) d;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM config_item_summary_apply(delta);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER config_items_summary_insert AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_summary_track();
CREATE TRIGGER config_items_summary_update AFTER UPDATE ON config_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_summary_track();
CREATE TRIGGER config_items_summary_delete AFTER DELETE ON config_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_summary_track();

CREATE FUNCTION config_items_summary_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM config_item_summary;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_summary_truncate AFTER TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_summary_truncate();

-- Backfill after the triggers exist: creating them locked config_items against writes until
-- this migration commits, so no write falls between the two.
INSERT INTO config_item_summary
SELECT ci.type, ci.config_class, ci.status, ci.health, ci.namespace, ci.agent_id, ci.scraper_id,
  ci.deleted_at IS NOT NULL, count(*), count(ci.cost_total_30d), coalesce(sum(ci.cost_total_30d), 0),
  sum(ci.changes_30d)
FROM config_items ci
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
