import { z } from 'zod';
import { InvalidRelativeTimeError, isRelativeExpression, resolveRelative } from './relative.js';
import { ownTable } from '../lookup.js';
import { RANGE_MINUTES, TIME_RANGE_OPTIONS } from './range-minutes.js';

export { RANGE_MINUTES, TIME_RANGE_OPTIONS };

/** A time range as the pickers store it: relative, absolute or mapped. */
export const timeRangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('relative'), range: z.string(), display: z.string() }),
  z.object({ type: z.literal('absolute'), from: z.string(), to: z.string(), display: z.string() }),
  z.object({ type: z.literal('mapped'), from: z.string(), to: z.string(), display: z.string() }),
]);
export type TimeRange = z.infer<typeof timeRangeSchema>;
export type RelativeTimeRange = Extract<TimeRange, { type: 'relative' }>;
export type AbsoluteTimeRange = Extract<TimeRange, { type: 'absolute' }>;
export type MappedTimeRange = Extract<TimeRange, { type: 'mapped' }>;

export class InvalidMappedTimeError extends Error {
  constructor() {
    super('Invalid mapped time range');
    this.name = 'InvalidMappedTimeError';
  }
}

const SHORT = /^(\d+)(mo|m|h|d|w|y)$/;
const UNIT_WORD: Record<string, string> = ownTable({
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  mo: 'month',
  y: 'year',
});
const SHORT_TO_EXPR: Record<string, string> = ownTable({ m: 'm', h: 'h', d: 'd', w: 'w', mo: 'M', y: 'y' });

/** Minutes of a stored short range such as `1h` or `1mo`; undefined when it is not one. */
export function shortRangeMinutes(short: string): number | undefined {
  const known = RANGE_MINUTES[short];
  if (known !== undefined) return known;
  const m = SHORT.exec(short);
  if (!m) return undefined;
  const per: Record<string, number> = { m: 1, h: 60, d: 1440, w: 10080, mo: 43200, y: 525600 };
  return Number(m[1]) * (per[m[2] ?? ''] ?? 0);
}

/** `1h` → `now-1h`, `1mo` → `now-1M`. */
export function shortToExpression(short: string, future = false): string {
  const m = SHORT.exec(short);
  if (!m) throw new InvalidRelativeTimeError(short);
  return `now${future ? '+' : '-'}${m[1]}${SHORT_TO_EXPR[m[2] ?? '']}`;
}

/** `1h` → 'Last 1 hour'; future ranges → 'Next 1 hour'. */
export function describeShortRange(short: string, future = false): string {
  const m = SHORT.exec(short);
  if (!m) return short;
  const n = Number(m[1]);
  const word = UNIT_WORD[m[2] ?? ''] ?? '';
  return `${future ? 'Next' : 'Last'} ${n} ${word}${n === 1 ? '' : 's'}`;
}

function relative(short: string, future = false): RelativeTimeRange {
  return {
    type: 'relative',
    range: shortToExpression(short, future),
    display: describeShortRange(short, future),
  };
}

/** Relative ranges of the picker, 5m to 5y. */
export const RELATIVE_RANGES: RelativeTimeRange[] = ['5m', ...TIME_RANGE_OPTIONS].map((s) => relative(s));

/** Future ranges (for silences and schedules). */
export const FUTURE_RANGES: RelativeTimeRange[] = [
  '5m',
  '15m',
  '1h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '1w',
].map((s) => relative(s, true));

const mapped = (display: string, from: string, to: string): MappedTimeRange => ({
  type: 'mapped',
  display,
  from,
  to,
});

/** The 14 quick ranges: calendar periods expressed with rounding. */
export const QUICK_RANGES: MappedTimeRange[] = [
  mapped('Today', 'now/d', 'now/d'),
  mapped('Today so far', 'now/d', 'now'),
  mapped('Yesterday', 'now-1d/d', 'now-1d/d'),
  mapped('Day before yesterday', 'now-2d/d', 'now-2d/d'),
  mapped('This day last week', 'now-7d/d', 'now-7d/d'),
  mapped('This week', 'now/w', 'now/w'),
  mapped('This week so far', 'now/w', 'now'),
  mapped('Previous week', 'now-1w/w', 'now-1w/w'),
  mapped('This month', 'now/M', 'now/M'),
  mapped('This month so far', 'now/M', 'now'),
  mapped('Previous month', 'now-1M/M', 'now-1M/M'),
  mapped('This year', 'now/y', 'now/y'),
  mapped('This year so far', 'now/y', 'now'),
  mapped('Previous year', 'now-1y/y', 'now-1y/y'),
];

/** Default range: relative 2 days. */
export const DEFAULT_TIME_RANGE: RelativeTimeRange = {
  type: 'relative',
  range: 'now-2d',
  display: 'Last 2 days',
};

/** The concrete from/to of a range. Throws 'Invalid relative time range' / 'Invalid mapped time range'. */
export function resolveTimeRange(range: TimeRange, now: Date = new Date()): { from: Date; to: Date } {
  switch (range.type) {
    case 'relative': {
      const at = resolveRelative(range.range, now);
      return at.getTime() <= now.getTime() ? { from: at, to: now } : { from: now, to: at };
    }
    case 'mapped': {
      if (!isRelativeExpression(range.from) || !isRelativeExpression(range.to))
        throw new InvalidMappedTimeError();
      return { from: resolveRelative(range.from, now), to: resolveRelative(range.to, now, true) };
    }
    case 'absolute': {
      const from = new Date(range.from);
      const to = new Date(range.to);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
        throw new Error('Invalid absolute time range');
      return { from, to };
    }
  }
}

/** The length of a range in minutes (used to disable fast refresh rates on long ranges). */
export function timeRangeMinutes(range: TimeRange, now: Date = new Date()): number {
  const { from, to } = resolveTimeRange(range, now);
  return Math.round((to.getTime() - from.getTime()) / 60_000);
}

/** Same range? Used to de-duplicate the recent list. */
export function sameTimeRange(a: TimeRange, b: TimeRange): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'relative' && b.type === 'relative') return a.range === b.range;
  if (a.type !== 'relative' && b.type !== 'relative') return a.from === b.from && a.to === b.to;
  return false;
}

/** Adds a range to the front of a recent list: newest first, de-duplicated, at most `max`. */
export function pushRecentRange<T extends TimeRange>(list: T[], range: T, max = 5): T[] {
  return [range, ...list.filter((r) => !sameTimeRange(r, range))].slice(0, max);
}
