-- The catalog summary's open insights per group (docs/catalog.md, Summary): the open analyses
-- joined to their items' group columns. With the counts kept (208) this join was the summary's
-- whole cost at 250k items: a hash join reading every item's row (the heap, wide with configs)
-- to find the few that have open insights. These two indexes let it read only the open
-- analyses and, for each, the item's group columns from a narrow index (index-only scans).
-- Insights are not kept like the counts: their window (last_observed) moves without a write.
CREATE INDEX config_analysis_open_idx ON config_analysis (config_id)
  INCLUDE (analysis_type, last_observed) WHERE status = 'open';
-- The summary's plain group columns and liveness. changes_30d and cost are not in it, so the
-- counters' updates stay HOT; the other columns already have indexes of their own.
CREATE INDEX config_items_summary_columns_idx ON config_items (id)
  INCLUDE (type, config_class, status, health, namespace, agent_id, scraper_id, deleted_at);
