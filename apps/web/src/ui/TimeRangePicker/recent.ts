import { pushRecentRange, timeRangeSchema, type TimeRange } from '@opsdeck/shared';
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/storage.js';

const KEY = 'opsdeck.timeRange.recent';
export const MAX_RECENT = 5;

/** Recently used absolute ranges: up to 5, newest first, de-duplicated. */
export function readRecentRanges(): TimeRange[] {
  return readStored(KEY, z.array(timeRangeSchema), []);
}

export function rememberRange(range: TimeRange): TimeRange[] {
  const next = pushRecentRange(readRecentRanges(), range, MAX_RECENT);
  writeStored(KEY, next);
  return next;
}
