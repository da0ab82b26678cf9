import { Cron } from 'croner';
import type { CanarySpec } from '@opsdeck/shared';
import { durationMs } from './checks/values.js';

export const DEFAULT_SCHEDULE = '@every 1m';

/**
 * The schedule a canary runs on: spec.schedule, else spec.interval (seconds), else the
 * canary's schedule column (the settings form's dropdown), else 1 minute.
 */
export function scheduleOf(spec: Pick<CanarySpec, 'schedule' | 'interval'>, column?: string | null): string {
  if (spec.schedule) return spec.schedule;
  if (spec.interval) return `@every ${spec.interval}s`;
  return column || DEFAULT_SCHEDULE;
}

/** When a canary on `schedule` runs next after `from`. Unknown schedules fall back to 1 minute. */
export function nextRunAfter(schedule: string | null | undefined, from: Date): Date {
  const s = (schedule ?? DEFAULT_SCHEDULE).trim();
  const every = /^@every\s+(.+)$/.exec(s);
  if (every?.[1]) {
    const ms = durationMs(every[1]);
    return new Date(from.getTime() + Math.max(1000, ms ?? 60_000));
  }
  try {
    const next = new Cron(s, { paused: true }).nextRun(from);
    if (next) return next;
  } catch {
    // An invalid stored schedule must not stop the scheduler; the spec check reports it on save.
  }
  return new Date(from.getTime() + 60_000);
}
