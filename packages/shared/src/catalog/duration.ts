import { ownTable } from '../lookup.js';
/** Durations as config-db writes them: `30s`, `5m`, `1h30m`, `7d`, `2w`, `1y` (also `ms`). */
const UNIT_MS: Record<string, number> = ownTable({
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
});

export const DURATION_PATTERN = /^(\d+(\.\d+)?(ms|s|m|h|d|w|y))+$/;

/** Milliseconds of a duration string, or undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DURATION_PATTERN.test(trimmed)) return undefined;
  let total = 0;
  for (const m of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/g)) {
    total += Number(m[1]) * (UNIT_MS[m[2] ?? 's'] ?? 0);
  }
  return total;
}
