import { describe, expect, it } from 'vitest';
import { formatLatencyStat } from './latency.js';

describe('panel latency format', () => {
  it('shows ms under a second, then seconds and minutes with one decimal', () => {
    expect(formatLatencyStat(350.4)).toBe('350 ms');
    expect(formatLatencyStat(0)).toBe('0 ms');
    expect(formatLatencyStat(1234)).toBe('1.2 s');
    expect(formatLatencyStat(2000)).toBe('2 s');
    expect(formatLatencyStat(150_000)).toBe('2.5 min');
  });

  it('shows a dash for a missing value', () => {
    expect(formatLatencyStat(null)).toBe('—');
    expect(formatLatencyStat(undefined)).toBe('—');
    expect(formatLatencyStat(Number.NaN)).toBe('—');
  });
});
