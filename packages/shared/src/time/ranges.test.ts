import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_RANGE,
  QUICK_RANGES,
  RELATIVE_RANGES,
  FUTURE_RANGES,
  pushRecentRange,
  resolveTimeRange,
  shortRangeMinutes,
  timeRangeMinutes,
  type AbsoluteTimeRange,
} from './ranges.js';

const NOW = new Date(2026, 2, 18, 14, 37, 12, 345);

describe('time ranges', () => {
  it('offers relative ranges from 5m to 5y, future ranges and 14 quick ranges', () => {
    expect(RELATIVE_RANGES[0]).toEqual({ type: 'relative', range: 'now-5m', display: 'Last 5 minutes' });
    expect(RELATIVE_RANGES.at(-1)).toEqual({ type: 'relative', range: 'now-5y', display: 'Last 5 years' });
    expect(RELATIVE_RANGES.map((r) => r.range)).toContain('now-1M');
    expect(FUTURE_RANGES[0]?.range).toBe('now+5m');
    expect(QUICK_RANGES).toHaveLength(14);
    expect(DEFAULT_TIME_RANGE.range).toBe('now-2d');
  });

  it('maps stored short ranges to minutes', () => {
    expect(shortRangeMinutes('1h')).toBe(60);
    expect(shortRangeMinutes('1d')).toBe(1440);
    expect(shortRangeMinutes('1w')).toBe(10080);
    expect(shortRangeMinutes('4h')).toBe(240);
    expect(shortRangeMinutes('soon')).toBeUndefined();
  });

  it('resolves relative, future, mapped and absolute ranges', () => {
    expect(resolveTimeRange(DEFAULT_TIME_RANGE, NOW)).toEqual({
      from: new Date(2026, 2, 16, 14, 37, 12, 345),
      to: NOW,
    });
    const next = resolveTimeRange({ type: 'relative', range: 'now+1h', display: 'Next 1 hour' }, NOW);
    expect(next.from).toEqual(NOW);
    const yesterday = QUICK_RANGES.find((q) => q.display === 'Yesterday');
    expect(yesterday && resolveTimeRange(yesterday, NOW)).toEqual({
      from: new Date(2026, 2, 17),
      to: new Date(2026, 2, 17, 23, 59, 59, 999),
    });
    expect(timeRangeMinutes({ type: 'relative', range: 'now-3h', display: '' }, NOW)).toBe(180);
    const abs: AbsoluteTimeRange = {
      type: 'absolute',
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
      display: 'Custom',
    };
    expect(resolveTimeRange(abs, NOW).to.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('reports invalid relative and mapped ranges', () => {
    expect(() => resolveTimeRange({ type: 'relative', range: 'last week', display: '' }, NOW)).toThrow(
      'Invalid relative time range',
    );
    expect(() => resolveTimeRange({ type: 'mapped', from: 'monday', to: 'now', display: '' }, NOW)).toThrow(
      'Invalid mapped time range',
    );
  });

  it('keeps 5 recent ranges, newest first, without duplicates', () => {
    const r = (n: number): AbsoluteTimeRange => ({
      type: 'absolute',
      from: `2026-01-0${n}`,
      to: `2026-01-0${n + 1}`,
      display: 'Custom',
    });
    let list: AbsoluteTimeRange[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) list = pushRecentRange(list, r(n));
    expect(list.map((x) => x.from)).toEqual([
      '2026-01-06',
      '2026-01-05',
      '2026-01-04',
      '2026-01-03',
      '2026-01-02',
    ]);
    list = pushRecentRange(list, r(4));
    expect(list.map((x) => x.from)).toEqual([
      '2026-01-04',
      '2026-01-06',
      '2026-01-05',
      '2026-01-03',
      '2026-01-02',
    ]);
  });
});
