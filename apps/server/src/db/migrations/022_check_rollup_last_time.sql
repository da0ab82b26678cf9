-- The time of the latest status each hourly bucket was built from. A check's runs follow one
-- another, so its statuses after its latest bucket's last_time are exactly the ones the
-- roll-up has not read yet: summaries over long windows add those raw and stay exact.
ALTER TABLE check_statuses_1h ADD COLUMN last_time timestamptz;
-- Older buckets hold whole hours (NULL reads as the hour's end). The latest one may be
-- partial: the next roll-up pass (one runs at start) builds it again, with last_time.
DELETE FROM check_statuses_1h WHERE time = (SELECT max(time) FROM check_statuses_1h);
