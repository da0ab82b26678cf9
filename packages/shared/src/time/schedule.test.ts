import { describe, expect, it } from 'vitest';
import { everyIntervalMs, isValidSchedule, nextRunAfter, scheduleSchema } from './schedule.js';

const FROM = new Date('2026-01-01T10:00:10.000Z');
const next = (schedule: string | null | undefined, fallback = '@every 1m') =>
  nextRunAfter(schedule, FROM, fallback).toISOString();

describe('nextRunAfter', () => {
  it('adds an @every interval to the last run', () => {
    expect(next('@every 30s')).toBe('2026-01-01T10:00:40.000Z');
    expect(next('@every 1h30m')).toBe('2026-01-01T11:30:10.000Z');
    expect(next('@every 1d')).toBe('2026-01-02T10:00:10.000Z');
    expect(next(' @every  2w ')).toBe('2026-01-15T10:00:10.000Z');
  });

  it('runs at most once a second', () => {
    expect(next('@every 10ms')).toBe('2026-01-01T10:00:11.000Z');
    expect(next('@every 0s')).toBe('2026-01-01T10:00:11.000Z');
  });

  it('reads nicknames and cron expressions (five or six fields)', () => {
    expect(next('*/5 * * * *')).toBe('2026-01-01T10:05:00.000Z');
    expect(next('30 */5 * * * *')).toBe('2026-01-01T10:00:30.000Z');
    expect(next('@hourly')).toBe('2026-01-01T11:00:00.000Z');
  });

  it('uses the caller’s default for an empty schedule and for one it cannot read', () => {
    expect(next(null)).toBe('2026-01-01T10:01:10.000Z');
    expect(next('  ', '@every 30m')).toBe('2026-01-01T10:30:10.000Z');
    expect(next('not a cron at all', '@every 5m')).toBe('2026-01-01T10:05:10.000Z');
    expect(next('@every soon', '@every 5m')).toBe('2026-01-01T10:05:10.000Z');
    // A duration out of range must not become an invalid Date.
    expect(next('@every 9999999999d', '@every 5m')).toBe('2026-01-01T10:05:10.000Z');
  });
});

describe('schedule validation', () => {
  it('accepts @every durations, nicknames and cron expressions', () => {
    for (const s of [
      '@every 30s',
      '@every 1h30m',
      '@every 7d',
      '@hourly',
      '@daily',
      '@weekly',
      '@midnight',
    ]) {
      expect(isValidSchedule(s), s).toBe(true);
    }
    expect(isValidSchedule('*/5 * * * *')).toBe(true);
    expect(isValidSchedule('0 */5 * * * *')).toBe(true);
  });

  it('refuses anything else, with one message for every spec', () => {
    for (const s of [
      '',
      '@every',
      '@every soon',
      '@every 1e308h',
      '@sometimes',
      '* * * *',
      'every 5 minutes',
    ]) {
      expect(isValidSchedule(s), s).toBe(false);
    }
    const bad = scheduleSchema.safeParse('@every soon');
    expect(bad.error?.issues[0]?.message).toContain('must be "@every <duration>"');
    expect(scheduleSchema.parse('  @every 5m ')).toBe('@every 5m');
  });

  it('gives the interval of @every schedules only', () => {
    expect(everyIntervalMs('@every 5m')).toBe(300_000);
    expect(everyIntervalMs('@hourly')).toBeUndefined();
    expect(everyIntervalMs('@every never')).toBeUndefined();
  });
});
