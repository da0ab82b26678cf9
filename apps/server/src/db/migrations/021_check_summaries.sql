-- Each check's entry of the dashboard summary, as JSON text, rewritten by every run of the
-- check and every change of its canary. The summary then concatenates entries instead of
-- building 10k JSON objects per request (docs/benchmarks.md: 150 ms at 10k checks).
CREATE TABLE check_summaries (
  check_id uuid PRIMARY KEY REFERENCES checks (id) ON DELETE CASCADE,
  json text NOT NULL,
  -- When the uptime and latency inside `json` were computed; older than an hour = stale.
  stats_at timestamptz
);
