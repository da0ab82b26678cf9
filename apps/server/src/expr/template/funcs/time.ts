import { formatDuration, humanizeDuration, parseDuration } from '../../common/duration.js';
import { formatGoTime, toDate } from '../../common/go-time.js';
import { num, str } from './args.js';
import { fn, type FunctionTable } from './types.js';

/**
 * Times and durations. A time argument is a Date, an RFC 3339 string or Unix seconds;
 * layouts are Go reference layouts (`2006-01-02 15:04`); `date` formats in UTC.
 */

/** A number of seconds, or a Go duration string, in milliseconds. */
function durationMs(v: unknown): number {
  if (typeof v === 'string' && /[a-zµμ]/.test(v)) return parseDuration(v);
  return num(v) * 1000;
}

export const timeFunctions: FunctionTable = {
  now: fn(0, 0, () => new Date()),
  date: fn(2, 2, (layout, t) => formatGoTime(str(layout), toDate(t))),
  dateInZone: fn(3, 3, (layout, t, zone) => formatGoTime(str(layout), toDate(t), str(zone))),
  unixEpoch: fn(1, 1, (t) => String(Math.floor(toDate(t).getTime() / 1000))),
  duration: fn(1, 1, (v) => formatDuration(durationMs(v))),
  ago: fn(1, 1, (t) => formatDuration(Math.round((Date.now() - toDate(t).getTime()) / 1000) * 1000)),
  humanizeDuration: fn(1, 1, (v) => humanizeDuration(durationMs(v))),
};
