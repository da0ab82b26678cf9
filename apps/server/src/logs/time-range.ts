import { badRequest } from '../platform/http-error.js';

const DAY = 86400e3;
const UNITS: Record<string, number> = {
  s: 1e3,
  m: 60e3,
  h: 3600e3,
  d: DAY,
  w: 7 * DAY,
  mo: 30 * DAY,
  y: 365 * DAY,
};
const AGE = /^(?:now)?-?\s*(\d+(?:\.\d+)?)(mo|s|m|h|d|w|y)$/;

/**
 * A time in a search: RFC3339, `now`, or an age before now (`15m`, `now-1h`, `-2d`, `1mo`), as apm-hub
 * and the web's time range presets write it.
 */
export function parseSearchTime(value: string | undefined, fallback: Date, now: Date, what: string): Date {
  const v = value?.trim();
  if (!v) return fallback;
  if (v === 'now') return now;
  const age = AGE.exec(v);
  if (age) return new Date(now.getTime() - Number(age[1]) * (UNITS[age[2] ?? 's'] ?? 1e3));
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badRequest(`${what} must be RFC3339 or an age such as 15m or now-1h`);
  return d;
}
