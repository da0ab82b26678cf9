import { DEFAULT_TIME_RANGE, timeRangeSchema, type TimeRange } from '@opsdeck/shared';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../lib/urlState.js';

/** The URL parameters a range is written to, with an optional per-widget prefix. */
export function timeRangeKeys(prefix = '') {
  return {
    type: `${prefix}rangeType`,
    range: `${prefix}range`,
    from: `${prefix}from`,
    to: `${prefix}to`,
    display: `${prefix}display`,
  };
}

export function timeRangeFromParams(params: URLSearchParams, prefix = ''): TimeRange | undefined {
  const k = timeRangeKeys(prefix);
  const parsed = timeRangeSchema.safeParse({
    type: params.get(k.type),
    range: params.get(k.range) ?? undefined,
    from: params.get(k.from) ?? undefined,
    to: params.get(k.to) ?? undefined,
    display: params.get(k.display) ?? '',
  });
  return parsed.success ? parsed.data : undefined;
}

export function timeRangeToParams(range: TimeRange | undefined, prefix = ''): Record<string, string | null> {
  const k = timeRangeKeys(prefix);
  if (!range) return { [k.type]: null, [k.range]: null, [k.from]: null, [k.to]: null, [k.display]: null };
  if (range.type === 'relative')
    return {
      [k.type]: 'relative',
      [k.range]: range.range,
      [k.from]: null,
      [k.to]: null,
      [k.display]: range.display,
    };
  return {
    [k.type]: range.type,
    [k.range]: null,
    [k.from]: range.from,
    [k.to]: range.to,
    [k.display]: range.display,
  };
}

/** A time range kept in the URL; clearing removes the parameters and falls back to the default. */
export function useTimeRangeParams(
  prefix = '',
  fallback: TimeRange = DEFAULT_TIME_RANGE,
): [TimeRange, (r: TimeRange | undefined) => void] {
  const [params, setParams] = useUrlParams();
  const range = useMemo(() => timeRangeFromParams(params, prefix) ?? fallback, [params, prefix, fallback]);
  const set = useCallback(
    (r: TimeRange | undefined) => setParams(timeRangeToParams(r, prefix), { push: true }),
    [setParams, prefix],
  );
  return [range, set];
}
