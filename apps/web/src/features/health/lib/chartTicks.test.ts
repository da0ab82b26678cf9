import { describe, expect, it } from 'vitest';
import { distinctTicks, tickFormatFor } from './chartTicks.js';

/** Bucket times every `stepMinutes` from a local midnight, as the graph API returns them. */
function buckets(count: number, stepMinutes: number): string[] {
  const start = new Date(2026, 10, 20, 0, 0).getTime();
  return Array.from({ length: count }, (_, i) => new Date(start + i * stepMinutes * 60_000).toISOString());
}

describe('health chart time axis', () => {
  it('chooses the label by the range', () => {
    const t = new Date(2026, 10, 20, 9, 5).toISOString();
    expect(tickFormatFor(60)(t)).toBe('09:05');
    expect(tickFormatFor(1440)(t)).toBe('09:05');
    expect(tickFormatFor(10080)(t)).toBe('20 Nov 09:05');
    expect(tickFormatFor(43200)(t)).toBe('20 Nov');
    expect(tickFormatFor(1051200)(t)).toBe('Nov 2026');
  });

  it.each([
    ['1h of 1m buckets', 60, buckets(60, 1)],
    ['24h of 15m buckets', 1440, buckets(96, 15)],
    ['7d of 1h buckets', 10080, buckets(168, 60)],
    ['1mo of 4h buckets', 43200, buckets(180, 240)],
    ['2y of 4-day buckets', 1051200, buckets(183, 5760)],
  ])('never repeats a label: %s', (_, minutes, times) => {
    const format = tickFormatFor(minutes);
    const labels = distinctTicks(times, format).map(format);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThanOrEqual(8);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('keeps the first time of each label', () => {
    const times = buckets(12, 240); // two days of 4h buckets
    const format = tickFormatFor(43200);
    expect(distinctTicks(times, format)).toEqual([times[0], times[6]]);
  });
});
