import type { CanarySpec } from '@opsdeck/shared';

/** A canary with no schedule, or one that cannot be read, runs every minute. */
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
