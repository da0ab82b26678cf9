/** Up to one decimal, trailing zero dropped: 1.25 → '1.3', 2.0 → '2'. */
function oneDecimal(n: number): string {
  return String(Number(n.toFixed(1)));
}

/**
 * A latency short enough for the panel's stat row: '350 ms', '1.2 s', '2.5 min'; '—' when
 * missing. Whole milliseconds only, since the checks measure no finer.
 */
export function formatLatencyStat(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${oneDecimal(ms / 1000)} s`;
  return `${oneDecimal(ms / 60_000)} min`;
}
