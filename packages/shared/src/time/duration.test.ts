import { describe, expect, it } from 'vitest';
import { durationTextSchema, isDuration, MAX_DURATION_MS, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it('reads Go-style durations, compound and fractional', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('2h45m30s500ms')).toBe(9_930_500);
    expect(parseDuration('.5s')).toBe(500);
    expect(parseDuration('  15m ')).toBe(900_000);
    expect(parseDuration('0')).toBe(0);
  });

  it('reads days, weeks and years, and the sub-millisecond units canary specs use', () => {
    expect(parseDuration('7d')).toBe(7 * 86_400_000);
    expect(parseDuration('2w')).toBe(14 * 86_400_000);
    expect(parseDuration('1y')).toBe(365 * 86_400_000);
    expect(parseDuration('1d12h')).toBe(36 * 3_600_000);
    expect(parseDuration('1500us')).toBe(1.5);
    expect(parseDuration('1500µs')).toBe(1.5);
    expect(parseDuration('2000000ns')).toBe(2);
  });

  it('reads a plain number only in the unit the caller names', () => {
    expect(parseDuration('90')).toBeUndefined();
    expect(parseDuration('90', { defaultUnit: 's' })).toBe(90_000);
    expect(parseDuration('1.5', { defaultUnit: 's' })).toBe(1500);
    expect(parseDuration(250, { defaultUnit: 'ms' })).toBe(250);
    expect(parseDuration(2, { defaultUnit: 'd' })).toBe(2 * 86_400_000);
    // A unit in the text still wins over the default.
    expect(parseDuration('2m', { defaultUnit: 's' })).toBe(120_000);
  });

  it('refuses what is not a duration', () => {
    for (const text of [
      '',
      ' ',
      'fast',
      '5',
      '5 m',
      '5M',
      '1h-30m',
      '-5s',
      '+5s',
      'h',
      '1e3s',
      'Infinitys',
      'NaNs',
    ]) {
      expect(parseDuration(text), text).toBeUndefined();
    }
    expect(parseDuration(undefined)).toBeUndefined();
    expect(parseDuration(undefined, { defaultUnit: 'ms' })).toBeUndefined();
  });

  it('refuses negatives, non-finite values and anything beyond 100 years', () => {
    expect(parseDuration(-1, { defaultUnit: 'ms' })).toBeUndefined();
    expect(parseDuration(Number.NaN, { defaultUnit: 'ms' })).toBeUndefined();
    expect(parseDuration(Number.POSITIVE_INFINITY, { defaultUnit: 'ms' })).toBeUndefined();
    expect(parseDuration(1e308, { defaultUnit: 'h' })).toBeUndefined();
    expect(parseDuration('9999999999d')).toBeUndefined();
    expect(parseDuration(`${'9'.repeat(400)}h`)).toBeUndefined();
    expect(parseDuration('100y')).toBe(MAX_DURATION_MS);
    expect(parseDuration('100y1ms')).toBeUndefined();
    // Whatever is accepted is a valid Date offset.
    expect(Number.isNaN(new Date(Date.now() - (parseDuration('100y') ?? Number.NaN)).getTime())).toBe(false);
  });

  it('applies a caller’s narrower limit and unit list', () => {
    expect(parseDuration('11y', { maxMs: 10 * 365 * 86_400_000 })).toBeUndefined();
    expect(parseDuration('200y', { maxMs: Number.POSITIVE_INFINITY })).toBeUndefined();
    const msOrS = { units: ['ms', 's'] as const };
    expect(parseDuration('250ms', msOrS)).toBe(250);
    expect(parseDuration('1.5s', msOrS)).toBe(1500);
    expect(parseDuration('2m', msOrS)).toBeUndefined();
    expect(parseDuration('1s2h', msOrS)).toBeUndefined();
  });

  it('isDuration and durationTextSchema agree with the parser', () => {
    const schema = durationTextSchema('a duration such as 30s');
    expect(isDuration('1h30m')).toBe(true);
    expect(schema.safeParse('1h30m').success).toBe(true);
    expect(isDuration('1e308h')).toBe(false);
    expect(schema.safeParse('1e308h').success).toBe(false);
    expect(schema.safeParse('9999999999d').success).toBe(false);
    expect(schema.safeParse('9999999999d').error?.issues[0]?.message).toBe('a duration such as 30s');
  });
});
