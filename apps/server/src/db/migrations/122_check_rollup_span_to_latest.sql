-- The per-check sums of check_statuses_1h_span now run from the first whole hour of a 24-hour
-- window to the latest bucket, and the range row says up to when statuses are rolled up, so a
-- 24-hour summary reads one row per check plus the raw statuses after it. The next pass writes
-- both; until then summaries read the buckets.
DELETE FROM check_statuses_1h_span_range;
ALTER TABLE check_statuses_1h_span_range DROP COLUMN to_hour;
-- The latest status time the sums have read minus the time a status can be stored late.
ALTER TABLE check_statuses_1h_span_range ADD COLUMN rolled_up_to timestamptz NOT NULL;
