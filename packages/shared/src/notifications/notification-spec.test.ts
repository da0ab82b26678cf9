import { describe, expect, it } from 'vitest';
import {
  durationToNanos,
  nanosToDuration,
  notificationSpecOf,
  notificationSpecSchema,
} from './notification-spec.js';

describe('notification rule spec', () => {
  it('reads back from its columns as the spec it was written as', () => {
    const spec = {
      events: ['check.failed'],
      title: 'Down',
      to: { connection: 'connection://default/slack' },
      repeatInterval: '4h',
      waitFor: '1m30s',
      groupBy: ['type'],
    };
    expect(notificationSpecSchema.parse(spec)).toEqual(spec);
    const columns = {
      events: spec.events,
      title: spec.title,
      template: null,
      filter: null,
      person_id: null,
      team_id: null,
      custom_services: [{ connection: 'connection://default/slack' }],
      repeat_interval: '4h',
      wait_for: durationToNanos('1m30s'),
      group_by: ['type'],
      properties: null,
    };
    expect(notificationSpecOf(columns)).toEqual(spec);
    // A row whose columns are not a rule's reads as an empty one rather than failing the page.
    expect(notificationSpecOf({ events: 'check.failed' })).toEqual({ events: [], to: {} });
    // A team named before it existed shows as written (docs/specs-as-code.md).
    expect(
      notificationSpecOf({
        events: ['check.failed'],
        person_id: null,
        team_id: null,
        recipient_ref: { team: 'sre' },
      }),
    ).toEqual({ events: ['check.failed'], to: { team: 'sre' } });
  });

  it('keeps durations exact through nanoseconds', () => {
    expect(durationToNanos('5m')).toBe(300_000_000_000);
    expect(nanosToDuration(300_000_000_000)).toBe('5m');
    expect(nanosToDuration(5_400_500_000_000)).toBe('1h30m500ms');
    expect(nanosToDuration(0)).toBe('0');
  });

  it('wants one recipient and a repeat interval of at least a minute', () => {
    const base = { events: ['check.passed'], to: { team: 'Platform' } };
    expect(notificationSpecSchema.safeParse(base).success).toBe(true);
    expect(notificationSpecSchema.safeParse({ ...base, to: { team: 'a', person: 'b' } }).success).toBe(false);
    const short = notificationSpecSchema.safeParse({ ...base, repeatInterval: '59s' });
    expect(short.error?.issues[0]?.message).toBe('Duration must be greater than 1 minute');
  });
});
