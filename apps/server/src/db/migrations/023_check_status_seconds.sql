-- When within each hourly bucket its statuses ran, so a window that starts inside an hour
-- counts that hour's part from one row per check (width_bucket over the sorted seconds)
-- instead of up to 30 minutes of raw statuses (300k rows at 10k checks). About two bytes a
-- status (raw statuses take about 100), kept as long as raw statuses: windows that start
-- further back have no raw statuses to count either.
CREATE TABLE check_statuses_1h_seconds (
  time timestamptz NOT NULL,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  -- The second of the hour (0-3599) of each status in the bucket, and of each failed one, sorted.
  seconds smallint[] NOT NULL,
  failed_seconds smallint[] NOT NULL,
  -- time first: the summary reads one hour of every check, retention deletes by time.
  PRIMARY KEY (time, check_id)
);
-- Not backfilled: the next roll-up pass writes the hours it reads, and the summary counts an
-- hour without them from raw statuses, as before.
