import { RANGE_MINUTES, TIME_RANGE_OPTIONS } from '@opsdeck/shared';

/** The panel's time range options, from 1h up to 5y. */
export const PANEL_RANGES = TIME_RANGE_OPTIONS.filter((r) => (RANGE_MINUTES[r] ?? 0) >= 60);
export const DEFAULT_PANEL_RANGE = '1h';

/** The smallest range that still covers the last run, so a check that ran long ago shows data. */
export function defaultRangeForLastRun(lastRuntime: string | null | undefined, now = Date.now()): string {
  if (!lastRuntime) return DEFAULT_PANEL_RANGE;
  const ageMinutes = (now - Date.parse(lastRuntime)) / 60_000;
  if (!Number.isFinite(ageMinutes)) return DEFAULT_PANEL_RANGE;
  return PANEL_RANGES.find((r) => (RANGE_MINUTES[r] ?? 0) >= ageMinutes) ?? PANEL_RANGES.at(-1) ?? '5y';
}

export function rangeMinutes(range: string): number {
  return RANGE_MINUTES[range] ?? 60;
}

/** Run Now's age display is hidden when the last run is more than 7 days old. */
export const RUN_AGE_LIMIT_MS = 7 * 24 * 3_600_000;
export function showRunAge(lastRuntime: string | null | undefined, now = Date.now()): boolean {
  return !!lastRuntime && now - Date.parse(lastRuntime) <= RUN_AGE_LIMIT_MS;
}

/** The server reads durations in m/h/d only, so ranges such as '1w' or '1y' go as minutes. */
export function serverWindow(range: string): string {
  return `${rangeMinutes(range)}m`;
}

/** The dashboard's uptime windows; the values are stored ranges, the labels what operators say. */
export const DASHBOARD_RANGES = [
  { value: '1h', label: '1h' },
  { value: '6h', label: '6h' },
  { value: '1d', label: '24h' },
  { value: '1w', label: '7d' },
] as const;

/** The dashboard's options, keeping a range from a shared link that is not among them. */
export function dashboardRangeOptions(current: string): Array<{ value: string; label: string }> {
  const known = DASHBOARD_RANGES.some((r) => r.value === current);
  return known ? [...DASHBOARD_RANGES] : [...DASHBOARD_RANGES, { value: current, label: current }];
}

/** 'last 24 h' for '1d': the window an uptime figure covers, in hours up to two days, then days. */
export function windowText(range: string): string {
  const m = rangeMinutes(range);
  if (m < 60) return `last ${m} min`;
  if (m <= 48 * 60 && m % 60 === 0) return `last ${m / 60} h`;
  if (m % 1440 === 0) return `last ${m / 1440} d`;
  return `last ${Math.round(m / 60)} h`;
}
