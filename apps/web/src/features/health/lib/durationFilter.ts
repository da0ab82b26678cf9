import { parseDuration } from '@opsdeck/shared';

/** Duration filter options of the check history. */
export const DURATION_FILTER_OPTIONS = ['100ms', '500ms', '1s', '5s', '10s', '30s'] as const;

export const DURATION_FILTER_ERROR = 'duration is allowed only in milli seconds & seconds';

/** '250ms' → 250, '2s' → 2000, '1.5s' → 1500; undefined for other units. */
export function parseDurationFilter(text: string): number | undefined {
  const ms = parseDuration(text, { units: ['ms', 's'] });
  return ms === undefined ? undefined : Math.round(ms);
}
