/**
 * Check scheduling lag, shared by the scheduling and load benchmarks: a benchmark-only
 * trigger records when each canary run was due and when the scheduler claimed it; LAGS
 * turns that into the lag of every check of every run due in a window.
 */
/** Benchmark only: each claim's due time (the next_runtime it moved) and when it was claimed. */
export const RECORD_CLAIMS = `
CREATE TABLE bench_claims (canary_id uuid NOT NULL, due timestamptz NOT NULL, claimed_at timestamptz NOT NULL);
CREATE FUNCTION bench_record_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bench_claims VALUES (OLD.id, OLD.next_runtime, NEW.last_runtime);
  RETURN NEW;
END $$;
CREATE TRIGGER bench_record_claim AFTER UPDATE OF next_runtime ON canaries FOR EACH ROW
  WHEN (OLD.next_runtime IS NOT NULL AND NEW.last_runtime IS DISTINCT FROM OLD.last_runtime)
  EXECUTE FUNCTION bench_record_claim();
`;

/** Lag of every check of every run due in [from, to): its first status at or after the claim − due. */
export const LAGS = `
SELECT extract(epoch FROM (s.time - c.due)) * 1000 AS lag_ms, cn.schedule, c.canary_id || '@' || c.due AS run
FROM bench_claims c
JOIN canaries cn ON cn.id = c.canary_id
JOIN checks k ON k.canary_id = c.canary_id AND k.deleted_at IS NULL
LEFT JOIN LATERAL (
  SELECT time FROM check_statuses WHERE check_id = k.id AND time >= c.claimed_at ORDER BY time LIMIT 1
) s ON true
WHERE c.due >= $1 AND c.due < $2`;
