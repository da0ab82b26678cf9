import { cronZone, everyIntervalMs, stripCronZone } from '@opsdeck/shared';
import { Cron } from 'croner';

/**
 * The next slot of an `on.schedule` cron after `from`: UTC unless the schedule starts with
 * `CRON_TZ=Zone`; `@every <duration>` counts from `from`. Undefined when it cannot be read.
 */
export function nextSlot(schedule: string, from: Date): Date | undefined {
  const expr = stripCronZone(schedule);
  const every = everyIntervalMs(expr);
  if (every !== undefined) return new Date(from.getTime() + Math.max(1000, every));
  try {
    return new Cron(expr, { paused: true, timezone: cronZone(schedule) ?? 'UTC' }).nextRun(from) ?? undefined;
  } catch {
    return undefined;
  }
}
