import { parseDuration } from '../time/duration.js';
import { isTimeZone, parseCron, type MaintenanceTiming } from './window.js';

/** One occurrence of a window: from `start` (inclusive) to `end` (exclusive). */
export type Occurrence = { start: Date; end: Date };

/** More occurrences than this in one question is a schedule that fires too often to list. */
const MAX_OCCURRENCES = 1000;

/**
 * How far ahead the occurrences of each window are kept for readers that cannot run cron (the
 * public status pages' upcoming maintenance), and at most how many per window.
 */
export const MAINTENANCE_HORIZON_DAYS = 14;
export const MAINTENANCE_HORIZON_MAX = 100;

/**
 * The occurrences of a window that overlap [from, to), in order. A recurring window's
 * occurrences start when its cron fires in its time zone (croner: a time skipped by a DST
 * change fires at the first time after it, a time repeated by one fires once) and last its
 * duration in real time; `starts_at`/`ends_at` bound when they may start. A one-off window
 * is its one occurrence.
 */
export function occurrencesBetween(
  w: MaintenanceTiming,
  from: Date,
  to: Date,
  limit = MAX_OCCURRENCES,
): Occurrence[] {
  const bound = (text: string | null) => (text ? new Date(text).getTime() : undefined);
  const startsAt = bound(w.starts_at);
  const endsAt = bound(w.ends_at);
  if (!w.schedule) {
    if (startsAt === undefined || endsAt === undefined) return [];
    return startsAt < to.getTime() && endsAt > from.getTime()
      ? [{ start: new Date(startsAt), end: new Date(endsAt) }]
      : [];
  }
  const duration = w.duration ? parseDuration(w.duration) : undefined;
  const zone = w.time_zone || 'UTC';
  if (!duration || !isTimeZone(zone)) return [];
  const cron = parseCron(w.schedule, zone);
  if (!cron) return [];
  const out: Occurrence[] = [];
  // An occurrence overlaps the range when it starts after from - duration (croner's next run
  // is strictly after the time given) and before `to`.
  let cursor = new Date(
    Math.max(from.getTime() - duration, startsAt !== undefined ? startsAt - 1 : -Infinity),
  );
  while (out.length < limit) {
    const next = cron.nextRun(cursor);
    if (!next || next.getTime() >= to.getTime()) break;
    if (endsAt !== undefined && next.getTime() > endsAt) break;
    out.push({ start: next, end: new Date(next.getTime() + duration) });
    cursor = next;
  }
  return out;
}

/** The occurrence under way at `t`, if any (the latest to start when several overlap). */
export function activeOccurrence(w: MaintenanceTiming, t: Date): Occurrence | undefined {
  const at = occurrencesBetween(w, t, new Date(t.getTime() + 1)).filter(
    (o) => o.start.getTime() <= t.getTime() && o.end.getTime() > t.getTime(),
  );
  return at[at.length - 1];
}

/** The next `count` occurrences that end after `from` (the form's preview). */
export function nextOccurrences(w: MaintenanceTiming, from: Date, count: number): Occurrence[] {
  const horizon = new Date(from.getTime() + 366 * 86_400_000);
  return occurrencesBetween(w, from, horizon, count);
}
