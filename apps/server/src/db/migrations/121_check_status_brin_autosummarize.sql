-- A time-range scan of check_statuses reads every page range its BRIN index has not summarized
-- yet, and only VACUUM summarizes them: on a large insert-only table autovacuum comes seldom, so
-- after a day of statuses a 24-hour summary read most of the table to find one second of it.
-- Ranges are now summarized as they fill (an autovacuum work item), and the roll-up pass
-- summarizes what is left every five minutes (health/rollup.ts).
ALTER INDEX check_statuses_time_brin SET (autosummarize = on);
