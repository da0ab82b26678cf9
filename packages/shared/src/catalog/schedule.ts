import { parseDuration } from './duration.js';

/** Named schedules croner understands, plus config-db's `@every <duration>`. */
const NICKNAMES = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const CRON_FIELD = /^[\d*/,\-?LW#A-Za-z]+$/;

/** True when a schedule is `@every <duration>`, a nickname or a 5/6-field cron expression. */
export function isValidSchedule(schedule: string): boolean {
  const s = schedule.trim();
  if (s.startsWith('@every ')) {
    const ms = parseDuration(s.slice(7));
    return ms !== undefined && ms >= 1000;
  }
  if (NICKNAMES.includes(s)) return true;
  const fields = s.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => CRON_FIELD.test(f));
}

/** The interval of an `@every` schedule in milliseconds; undefined for cron schedules. */
export function everyIntervalMs(schedule: string): number | undefined {
  const s = schedule.trim();
  return s.startsWith('@every ') ? parseDuration(s.slice(7)) : undefined;
}

/** Schedule used when neither the spec nor the scraper row sets one (spec 3 §9). */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 30m';
