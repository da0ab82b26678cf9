import { parseDuration } from '@opsdeck/shared';

/** Refresh-rate options, '' meaning None. */
export const REFRESH_RATES = ['', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;
export type RefreshRate = (typeof REFRESH_RATES)[number];

export function isRefreshRate(v: unknown): v is RefreshRate {
  return typeof v === 'string' && (REFRESH_RATES as readonly string[]).includes(v);
}

export function refreshRateLabel(rate: RefreshRate): string {
  return rate === '' ? 'None' : rate;
}

/** Milliseconds between refreshes; false for None. */
export function refreshRateMs(rate: RefreshRate): number | false {
  return rate === '' ? false : (parseDuration(rate) ?? false);
}

/** A range of 60 minutes or more disables 15s and 30s; 180 minutes or more also 2m and 3m. */
export function disabledRefreshRates(rangeMinutes: number): Set<RefreshRate> {
  const off = new Set<RefreshRate>();
  if (rangeMinutes >= 60) off.add('15s').add('30s');
  if (rangeMinutes >= 180) off.add('2m').add('3m');
  return off;
}

/** A selection that became disabled moves to the next allowed option. */
export function allowedRefreshRate(rate: RefreshRate, rangeMinutes: number): RefreshRate {
  const off = disabledRefreshRates(rangeMinutes);
  if (!off.has(rate)) return rate;
  const from = REFRESH_RATES.indexOf(rate);
  return REFRESH_RATES.slice(from + 1).find((r) => !off.has(r)) ?? '';
}
