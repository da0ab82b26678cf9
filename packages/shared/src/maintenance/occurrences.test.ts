import { describe, expect, it } from 'vitest';
import { activeOccurrence, nextOccurrences, occurrencesBetween } from './occurrences.js';
import { maintenanceProblems, type MaintenanceTiming } from './window.js';

const recurring = (schedule: string, duration: string, time_zone: string): MaintenanceTiming => ({
  starts_at: null,
  ends_at: null,
  schedule,
  duration,
  time_zone,
});
const iso = (d: Date) => d.toISOString();

describe('maintenance occurrences', () => {
  it('follows the wall clock of Europe/Berlin across both DST changes', () => {
    const w = recurring('0 1 * * *', '2h', 'Europe/Berlin');
    const starts = nextOccurrences(w, new Date('2026-03-28T00:00:00Z'), 3).map((o) => iso(o.start));
    // 01:00 CET = 00:00Z; after the spring change (29 March, 02:00) 01:00 CEST = 23:00Z the day before.
    expect(starts).toEqual([
      '2026-03-28T00:00:00.000Z',
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
    const autumn = nextOccurrences(w, new Date('2026-10-24T02:00:00Z'), 3).map((o) => iso(o.start));
    expect(autumn).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
      '2026-10-27T00:00:00.000Z',
    ]);
  });

  it('a time skipped by the spring change starts at the first time after it, once', () => {
    const w = recurring('30 2 * * *', '1h', 'Europe/Berlin');
    const o = nextOccurrences(w, new Date('2026-03-28T12:00:00Z'), 2);
    expect(o.map((x) => iso(x.start))).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z']);
    // The duration is real time: an hour after the start.
    expect(iso(o[0]!.end)).toBe('2026-03-29T02:00:00.000Z');
  });

  it('a time repeated by the autumn change in America/New_York starts once', () => {
    const w = recurring('30 1 * * *', '1h', 'America/New_York');
    const o = occurrencesBetween(w, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-02T12:00:00Z'));
    expect(o.map((x) => iso(x.start))).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    expect(activeOccurrence(w, new Date('2026-11-01T06:00:00Z'))?.start).toEqual(
      new Date('2026-11-01T05:30:00Z'),
    );
    expect(activeOccurrence(w, new Date('2026-11-01T06:31:00Z'))).toBeUndefined();
    // In spring 01:30 exists (the gap is 02:00–03:00): EST before, EDT after.
    const spring = nextOccurrences(w, new Date('2026-03-07T12:00:00Z'), 2).map((x) => iso(x.start));
    expect(spring).toEqual(['2026-03-08T06:30:00.000Z', '2026-03-09T05:30:00.000Z']);
  });

  it('an occurrence that began before the range still overlaps it; overlapping occurrences are all listed', () => {
    const w = recurring('0 * * * *', '90m', 'UTC');
    const o = occurrencesBetween(w, new Date('2026-01-01T10:15:00Z'), new Date('2026-01-01T10:45:00Z'));
    expect(o.map((x) => iso(x.start))).toEqual(['2026-01-01T09:00:00.000Z', '2026-01-01T10:00:00.000Z']);
    expect(activeOccurrence(w, new Date('2026-01-01T10:15:00Z'))?.start).toEqual(
      new Date('2026-01-01T10:00:00Z'),
    );
  });

  it('bounds a recurring window by starts_at and ends_at; a one-off is its one occurrence', () => {
    const w = {
      ...recurring('0 2 * * *', '1h', 'UTC'),
      starts_at: '2026-01-03T00:00:00Z',
      ends_at: '2026-01-05T00:00:00Z',
    };
    const o = occurrencesBetween(w, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-10T00:00:00Z'));
    expect(o.map((x) => iso(x.start))).toEqual(['2026-01-03T02:00:00.000Z', '2026-01-04T02:00:00.000Z']);
    const once: MaintenanceTiming = {
      starts_at: '2026-01-01T10:00:00Z',
      ends_at: '2026-01-01T12:00:00Z',
      schedule: null,
      duration: null,
      time_zone: 'UTC',
    };
    expect(activeOccurrence(once, new Date('2026-01-01T11:00:00Z'))?.end).toEqual(
      new Date('2026-01-01T12:00:00Z'),
    );
    expect(activeOccurrence(once, new Date('2026-01-01T12:00:00Z'))).toBeUndefined();
  });
});

describe('maintenanceProblems', () => {
  const sel = [{ name: 'web-*' }];
  it('accepts a sound window', () => {
    expect(maintenanceProblems({ ...recurring('0 2 * * 6', '2h', 'Europe/Berlin'), selectors: sel })).toEqual(
      [],
    );
  });
  it('names each problem', () => {
    expect(maintenanceProblems({ ...recurring('nope', '0s', 'Mars/Olympus'), selectors: [] })).toEqual([
      'time_zone: unknown time zone Mars/Olympus',
      'schedule: not a cron expression (e.g. "0 2 * * 6")',
      'duration: a positive duration such as 2h or 90m',
      'selectors: at least one selector',
    ]);
    expect(
      maintenanceProblems({
        starts_at: '2026-01-02T00:00:00Z',
        ends_at: '2026-01-01T00:00:00Z',
        schedule: null,
        duration: null,
        time_zone: 'UTC',
        selectors: [{}],
      }),
    ).toEqual(['ends_at: must be after starts_at', expect.stringMatching(/^selectors\.0: a selector needs/)]);
    expect(
      maintenanceProblems({
        starts_at: null,
        ends_at: null,
        schedule: null,
        duration: '1h',
        time_zone: null,
        selectors: sel,
      }),
    ).toEqual([
      'schedule: a duration needs a schedule',
      'starts_at: a one-off window needs starts_at and ends_at (or a schedule and duration)',
    ]);
  });
});
