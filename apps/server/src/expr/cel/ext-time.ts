import { evaluate, type Environment } from '@marcbachmann/cel-js';
import { humanizeDuration, parseDuration } from '../common/duration.js';
import { toDate } from '../common/go-time.js';
import { parseGoTime } from '../common/go-time-parse.js';
import { celDurationMs } from './values.js';

/**
 * Time helpers from canary-checker / Mission Control: `Duration("7d")` (Go durations plus
 * days and weeks; the standard `duration()` knows only h/m/s/ms/us/ns),
 * `time.InTimeRange(t, "06:00", "07:00")`, `time.Now()`, `time.Since(t)`, `time.Until(t)`,
 * `HumanDuration(d)`, `time.Parse(layout, value)` (Go layouts), `time.ZoneName()` and
 * `time.ZoneOffset()` (the server's zone: UTC unless TZ says otherwise).
 */

class TimeNamespace {}

type DurationClass = { fromMilliseconds(ms: number): unknown };
// cel-js does not export its Duration class; one of its values leads to it.
const Duration = (evaluate('duration("0s")') as { constructor: DurationClass }).constructor;

/** A CEL duration for variables (http `sslAge`, `elapsed`), so `sslAge > Duration("7d")` works. */
export function celDuration(ms: number): unknown {
  return Duration.fromMilliseconds(ms);
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function secondsOfDay(text: string): number {
  const m = CLOCK.exec(text.trim());
  const [h, min, s] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3] ?? 0)];
  if (!m || h > 23 || min > 59 || s > 59) {
    throw new Error(`cannot read "${text}" as a time of day (expected HH:MM or HH:MM:SS)`);
  }
  return h * 3600 + min * 60 + s;
}

/** The wall-clock time of day of `t`: as written for a string with an offset (Go keeps it), UTC for a Date. */
function clockOf(t: unknown): number {
  if (typeof t === 'string') {
    const m = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(t);
    if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
  }
  const d = toDate(t);
  return d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
}

/** Inclusive at both ends; a window whose start is after its end wraps past midnight. */
export function inTimeRange(t: unknown, start: string, end: string): boolean {
  const now = clockOf(t);
  const from = secondsOfDay(start);
  const to = secondsOfDay(end);
  return from <= to ? now >= from && now <= to : now >= from || now <= to;
}

function timeArg(v: unknown): Date {
  return toDate(v);
}

function durationArgMs(v: unknown): number {
  const ms = celDurationMs(v);
  if (ms !== undefined) return ms;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) * 1000;
  if (typeof v === 'string') return parseDuration(v);
  throw new Error('expected a duration, a number of seconds or a duration string');
}

function zoneName(): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}

export function registerTimeExtensions(env: Environment): void {
  env
    .registerType('TimeNamespace', TimeNamespace)
    .registerConstant('time', 'TimeNamespace', new TimeNamespace());
  env
    .registerFunction('Duration(string): google.protobuf.Duration', (s: string) =>
      Duration.fromMilliseconds(parseDuration(s)),
    )
    .registerFunction(
      'TimeNamespace.InTimeRange(dyn, string, string): bool',
      (_ns: TimeNamespace, t: unknown, a: string, b: string) => inTimeRange(t, a, b),
    )
    .registerFunction('TimeNamespace.Now(): google.protobuf.Timestamp', () => new Date())
    .registerFunction(
      'TimeNamespace.Since(dyn): google.protobuf.Duration',
      (_ns: TimeNamespace, t: unknown) => Duration.fromMilliseconds(Date.now() - timeArg(t).getTime()),
    )
    .registerFunction(
      'TimeNamespace.Until(dyn): google.protobuf.Duration',
      (_ns: TimeNamespace, t: unknown) => Duration.fromMilliseconds(timeArg(t).getTime() - Date.now()),
    )
    .registerFunction(
      'TimeNamespace.ParseDuration(string): google.protobuf.Duration',
      (_ns: TimeNamespace, s: string) => Duration.fromMilliseconds(parseDuration(s)),
    )
    .registerFunction(
      'TimeNamespace.Parse(string, string): google.protobuf.Timestamp',
      (_ns: TimeNamespace, layout: string, value: string) => parseGoTime(layout, value),
    )
    .registerFunction('TimeNamespace.ZoneName(): string', () => zoneName())
    // Seconds east of UTC, as Go's Time.Zone() gives them.
    .registerFunction('TimeNamespace.ZoneOffset(): int', () => BigInt(-new Date().getTimezoneOffset() * 60))
    .registerFunction('HumanDuration(dyn): string', (v: unknown) => humanizeDuration(durationArgMs(v)));
}
