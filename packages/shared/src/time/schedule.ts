import { Cron } from 'croner';
import { z } from 'zod';
import { parseDuration } from './duration.js';

/**
 * Schedules of canaries, topologies and scrapers: `@every <duration>` (config-db and
 * canary-checker), a nickname (`@hourly`, `@daily`, …) or a 5/6-field cron expression.
 * croner reads the nicknames and cron expressions; it runs in Node and in the browser, so
 * the server's scheduler and any next-run display in the web compute the same time.
 */
const NICKNAMES = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const EVERY = /^@every\s+(.+)$/;
const CRON_FIELDS = /^(\S+\s+){4,5}\S+$/;

/** A run at most once a second, however short the `@every` interval. */
const MIN_INTERVAL_MS = 1000;

/** The interval of an `@every` schedule in milliseconds; undefined for anything else. */
export function everyIntervalMs(schedule: string): number | undefined {
  const every = EVERY.exec(schedule.trim())?.[1];
  return every === undefined ? undefined : parseDuration(every);
}

/**
 * True for `@every <duration>`, a nickname, or five or six space-separated cron fields. The
 * fields are not checked one by one: specs stored under that rule must keep loading, and a
 * schedule croner cannot read runs on the caller's default (see nextRunAfter).
 */
export function isValidSchedule(schedule: string): boolean {
  const s = schedule.trim();
  if (EVERY.test(s)) return everyIntervalMs(s) !== undefined;
  return NICKNAMES.includes(s) || CRON_FIELDS.test(s);
}

export const scheduleSchema = z.string().trim().refine(isValidSchedule, {
  message:
    'must be "@every <duration>" (for example @every 30s), @hourly, @daily, @weekly or a cron expression',
});

/**
 * When something on `schedule` runs next after `from`. An empty schedule means
 * `defaultSchedule`; one that cannot be read also runs on `defaultSchedule`, so a bad stored
 * value never stops a scheduler (the spec check reports it on save).
 */
export function nextRunAfter(schedule: string | null | undefined, from: Date, defaultSchedule: string): Date {
  return (
    nextOf(schedule?.trim() || defaultSchedule, from) ?? nextOf(defaultSchedule, from) ?? plusMinute(from)
  );
}

function nextOf(schedule: string, from: Date): Date | undefined {
  if (EVERY.test(schedule)) {
    const ms = everyIntervalMs(schedule);
    return ms === undefined ? undefined : new Date(from.getTime() + Math.max(MIN_INTERVAL_MS, ms));
  }
  try {
    return new Cron(schedule, { paused: true }).nextRun(from) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Only reached when the caller's own default is unreadable: run again in a minute. */
function plusMinute(from: Date): Date {
  return new Date(from.getTime() + 60_000);
}

/**
 * The schedule presets forms offer (doc 3 §9): `short` for things that run often, `medium` for
 * heavier runs, `default` the two together with @daily and @weekly. Anything else is typed.
 */
export const SCHEDULE_PRESETS = {
  short: ['@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 2h', '@every 4h'],
  medium: [
    '@every 5m',
    '@every 15m',
    '@every 30m',
    '@hourly',
    '@every 2h',
    '@every 4h',
    '@every 6h',
    '@every 8h',
  ],
  default: [
    '@every 30s',
    '@every 1m',
    '@every 5m',
    '@every 15m',
    '@every 30m',
    '@hourly',
    '@every 2h',
    '@every 4h',
    '@every 6h',
    '@every 8h',
    '@daily',
    '@weekly',
  ],
} as const satisfies Record<string, readonly string[]>;
export type SchedulePresetSet = keyof typeof SCHEDULE_PRESETS;
