-- Sign-in attempt counters (auth/rate-limit.ts), shared by every server process on the database
-- so N replicas do not allow N times the attempts. One row per key (`login:ip:203.0.113.7`,
-- `login:account:alice@example.com`, …) with the start of its fixed window and the attempts
-- counted in it; an attempt is one upsert. Unlogged: counters lost in a crash cost nothing, and
-- a login attempt writes no WAL. Windows that ended are removed by CleanupAuthRateLimits.
CREATE UNLOGGED TABLE auth_rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL
);
CREATE INDEX auth_rate_limits_window_idx ON auth_rate_limits (window_start);
