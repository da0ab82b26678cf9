/** Up to `digits` decimals, trailing zeros dropped: 1.50 → '1.5', 2.00 → '2'. */
function trim(n: number, digits = 1): string {
  return String(Number(n.toFixed(digits)));
}

/**
 * A duration in milliseconds, as every screen shows one: under 1 s as ms, under 1 min as s, under 1 h as m,
 * otherwise h. Empty text for a missing value.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Math.round(ms)}ms`;
  if (abs < 60_000) return `${trim(ms / 1000)}s`;
  if (abs < 3_600_000) return `${trim(ms / 60_000)}m`;
  return `${trim(ms / 3_600_000)}h`;
}

/** Latency: under 1 s in ms, otherwise like a duration. */
export function formatLatency(ms: number | null | undefined): string {
  return formatDuration(ms);
}
