-- Maintenance on public status pages (docs/status-pages.md, docs/maintenance.md).
--
-- The roll-ups count the results recorded under maintenance (left out of passed and failed since
-- migration 241), so a day with maintenance can be drawn as such.
ALTER TABLE check_statuses_1h ADD COLUMN maintenance integer NOT NULL DEFAULT 0;
ALTER TABLE check_statuses_1d ADD COLUMN maintenance integer NOT NULL DEFAULT 0;

-- Buckets rolled up before this column existed: counted once from the raw results still kept.
UPDATE check_statuses_1h h SET maintenance = s.n
FROM (
  SELECT check_id, date_trunc('hour', time) AS time, count(*)::int AS n
  FROM check_statuses WHERE maintenance GROUP BY 1, 2
) s
WHERE h.check_id = s.check_id AND h.time = s.time;
UPDATE check_statuses_1d d SET maintenance = s.n
FROM (
  SELECT check_id, date_trunc('day', time) AS time, sum(maintenance)::int AS n
  FROM check_statuses_1h WHERE maintenance > 0 GROUP BY 1, 2
) s
WHERE d.check_id = s.check_id AND d.time = s.time;

-- The occurrences of each live window over the next days (MAINTENANCE_HORIZON_DAYS), written by
-- the MaintenanceWindows job with maintenance_resources, which alone knows cron and time zones.
-- The public page lists upcoming maintenance from it in its one statement.
CREATE TABLE maintenance_occurrences (
  window_id uuid NOT NULL REFERENCES maintenance_windows (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  PRIMARY KEY (window_id, starts_at)
);

-- What each window with an occurrence in that horizon covers. Kept apart from
-- maintenance_resources, whose lookups by resource and now() (the check recorder, notifications,
-- incident rules) should not wade through two weeks of future rows.
CREATE TABLE maintenance_coverage (
  window_id uuid NOT NULL REFERENCES maintenance_windows (id) ON DELETE CASCADE,
  resource_type text NOT NULL CHECK (resource_type IN ('check', 'component', 'config')),
  resource_id uuid NOT NULL,
  PRIMARY KEY (window_id, resource_id)
);
CREATE INDEX maintenance_coverage_resource_idx ON maintenance_coverage (resource_id);
