-- The catalog summary's open insights per group (docs/catalog.md, Summary). With the item counts
-- kept (208), joining the open analyses to their items' group columns was the summary's whole
-- cost: at 250k items a hash join reading every item's row (wide, with configs) to find the few
-- with open insights. Their window (last_observed) moves without a write, so they cannot be
-- counted ahead like the items; instead each open analysis is kept here with its item's group
-- columns, and the summary groups this table alone (one row per open insight, no join).
CREATE TABLE config_item_summary_insights (
  -- config_analysis.id; rows follow their analysis and their item by triggers, not foreign keys.
  id uuid PRIMARY KEY,
  config_id uuid NOT NULL,
  analysis_type text NOT NULL,
  last_observed timestamptz NOT NULL,
  type text NOT NULL,
  config_class text,
  status text,
  health text,
  namespace text,
  agent_id uuid NOT NULL,
  scraper_id uuid,
  deleted boolean NOT NULL
-- Room on each page: an analysis run re-observes every insight (last_observed), an update that
-- stays HOT (no index writes) where the page has space.
) WITH (fillfactor = 80);
CREATE INDEX config_item_summary_insights_config_idx ON config_item_summary_insights (config_id);

-- Open analyses in, with their items' group columns; resolved or deleted ones out. The items are
-- read FOR SHARE: an item whose group columns another transaction is changing is read once that
-- one commits, and one that is read here waits to be changed until this commits (when its own
-- trigger then sees these rows), so a row never keeps an item's old columns.
-- Every statement is run with EXECUTE, so planned for the transition table at hand: plpgsql
-- otherwise keeps the first plan it makes in a session, made for whatever size the table had
-- then (a plan made for one row loops 10k × 10k for the next 10k; one made for 10k reads every
-- item for the next single row).
CREATE FUNCTION config_analysis_summary_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE $sql$ DELETE FROM config_item_summary_insights k USING old_analyses o WHERE k.id = o.id $sql$;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Resolved, or moved to another item: out (a move comes back in below).
    EXECUTE $sql$
      DELETE FROM config_item_summary_insights k USING new_analyses n
      WHERE k.id = n.id AND (n.status <> 'open' OR n.config_id <> k.config_id) $sql$;
    -- Still open on the same item: only the analysis' own columns can have changed.
    EXECUTE $sql$
      UPDATE config_item_summary_insights k SET analysis_type = n.analysis_type, last_observed = n.last_observed
      FROM new_analyses n
      WHERE k.id = n.id AND (k.analysis_type, k.last_observed) IS DISTINCT FROM (n.analysis_type, n.last_observed) $sql$;
  END IF;
  -- Newly open (inserted, reopened or moved): in, with the item's columns read after locking.
  EXECUTE $sql$
    SELECT count(*) FROM (
      SELECT 1 FROM config_items i
      WHERE i.id IN (
        SELECT n.config_id FROM new_analyses n
        WHERE n.status = 'open' AND NOT EXISTS (SELECT 1 FROM config_item_summary_insights k WHERE k.id = n.id))
      ORDER BY i.id FOR SHARE) l $sql$;
  EXECUTE $sql$
    INSERT INTO config_item_summary_insights
    SELECT n.id, n.config_id, n.analysis_type, n.last_observed, ci.type, ci.config_class, ci.status, ci.health,
      ci.namespace, ci.agent_id, ci.scraper_id, ci.deleted_at IS NOT NULL
    FROM new_analyses n JOIN config_items ci ON ci.id = n.config_id
    WHERE n.status = 'open' AND NOT EXISTS (SELECT 1 FROM config_item_summary_insights k WHERE k.id = n.id)
    ON CONFLICT (id) DO NOTHING $sql$;
  RETURN NULL;
END $$;

CREATE TRIGGER config_analysis_summary_insert AFTER INSERT ON config_analysis
  REFERENCING NEW TABLE AS new_analyses FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_track();
CREATE TRIGGER config_analysis_summary_update AFTER UPDATE ON config_analysis
  REFERENCING OLD TABLE AS old_analyses NEW TABLE AS new_analyses
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_track();
CREATE TRIGGER config_analysis_summary_delete AFTER DELETE ON config_analysis
  REFERENCING OLD TABLE AS old_analyses FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_track();

CREATE FUNCTION config_analysis_summary_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM config_item_summary_insights;
  RETURN NULL;
END $$;
CREATE TRIGGER config_analysis_summary_truncate AFTER TRUNCATE ON config_analysis
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_summary_truncate();

-- An item whose group columns or liveness changed carries its open insights along. (A deleted
-- item's analyses are deleted by their foreign key's cascade, and their rows with them.)
CREATE FUNCTION config_items_summary_insights_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $sql$
  UPDATE config_item_summary_insights k SET type = n.type, config_class = n.config_class,
    status = n.status, health = n.health, namespace = n.namespace, agent_id = n.agent_id,
    scraper_id = n.scraper_id, deleted = n.deleted_at IS NOT NULL
  FROM new_items n
  WHERE k.config_id = n.id
    AND (k.type, k.config_class, k.status, k.health, k.namespace, k.agent_id, k.scraper_id, k.deleted)
      IS DISTINCT FROM (n.type, n.config_class, n.status, n.health, n.namespace, n.agent_id, n.scraper_id,
        n.deleted_at IS NOT NULL) $sql$;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_summary_insights_update AFTER UPDATE ON config_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION config_items_summary_insights_track();

-- Backfill after the triggers exist (they lock both tables against writes until this commits).
INSERT INTO config_item_summary_insights
SELECT ca.id, ca.config_id, ca.analysis_type, ca.last_observed, ci.type, ci.config_class, ci.status, ci.health,
  ci.namespace, ci.agent_id, ci.scraper_id, ci.deleted_at IS NOT NULL
FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id
WHERE ca.status = 'open';
