import { canarySpecSchema } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import { resolveLocations, staleAfterMs } from '../../src/health/locations.js';
import { decideQuorum, type LocationInput } from '../../src/health/quorum.js';

const NOW = new Date('2026-05-01T12:00:00Z');
const MIN = 60_000;
const at = (msAgo: number) => new Date(NOW.getTime() - msAgo);
const place = (
  name: string,
  pass: boolean | undefined,
  extra: Partial<LocationInput> = {},
): LocationInput => ({
  id: `id-${name}`,
  name,
  online: true,
  latest: pass === undefined ? undefined : { pass, time: at(10_000) },
  ...extra,
});
const decide = (l: LocationInput[], k?: number) => decideQuorum(l, k, NOW, 2 * MIN);

describe('the quorum rule', () => {
  it('default majority of three: one failing keeps it healthy, two make it fail', () => {
    expect(decide([place('a', false), place('b', true), place('c', true)]).verdict).toBe('healthy');
    const two = decide([place('a', false), place('b', false), place('c', true)]);
    expect(two).toMatchObject({ verdict: 'unhealthy', k: 2, n: 3, failing: 2, passing: 1 });
    expect(two.message).toBe('2 of 3 locations failing (fails at 2): a, b');
  });

  it('a tie is not a majority (2 of 4 with the default k = 3); an explicit k = 2 fails it', () => {
    const tie = [place('a', false), place('b', false), place('c', true), place('d', true)];
    expect(decide(tie)).toMatchObject({ verdict: 'healthy', k: 3 });
    expect(decide(tie, 2)).toMatchObject({ verdict: 'unhealthy', k: 2 });
  });

  it('k of n: k = 1 fails on any failure; a k above n is taken as n (all must fail)', () => {
    expect(decide([place('a', false), place('b', true)], 1).verdict).toBe('unhealthy');
    expect(decide([place('a', false), place('b', true)], 5)).toMatchObject({ verdict: 'healthy', k: 2 });
    expect(decide([place('a', false), place('b', false)], 5).verdict).toBe('unhealthy');
  });

  it('offline, gone, never reported and stale locations are unknown, never failures', () => {
    const q = decide([
      place('off', false, { online: false }),
      place('gone', undefined, { id: null, online: false }),
      place('new', undefined),
      place('old', false, { latest: { pass: false, time: at(3 * MIN) } }),
      place('local', true),
    ]);
    expect(q.locations.map((l) => [l.name, l.state, l.reason])).toEqual([
      ['off', 'unknown', 'agent offline'],
      ['gone', 'unknown', 'agent not found'],
      ['new', 'unknown', 'no result yet'],
      ['old', 'unknown', 'stale'],
      ['local', 'passing', undefined],
    ]);
    expect(q).toMatchObject({ verdict: 'healthy', failing: 0, unknown: 4, k: 3, n: 5 });
  });

  it('all unknown, or failures below k with nothing passing, is undecided (the last status stays)', () => {
    expect(decide([place('a', undefined), place('b', false, { online: false })]).verdict).toBe('undecided');
    expect(decide([place('a', false), place('b', undefined), place('c', undefined)]).verdict).toBe(
      'undecided',
    );
    expect(decide([]).verdict).toBe('undecided');
  });
});

describe('locations', () => {
  const agents = [
    { id: 'e1', name: 'edge-eu', properties: { region: 'eu' }, online: true },
    { id: 'e2', name: 'edge-eu-2', properties: { region: 'eu' }, online: false },
    { id: 'u1', name: 'edge-us', properties: { region: 'us' }, online: true },
  ];

  it('resolve local, agents by name (an unknown name stays as an unknown place) and selectors, each once', () => {
    const r = resolveLocations(
      ['local', { agent: 'edge-eu' }, { agentSelector: 'region=eu' }, { agent: 'nobody' }],
      agents,
    );
    expect(r.map((l) => [l.id, l.name, l.online])).toEqual([
      ['00000000-0000-0000-0000-000000000000', 'local', true],
      ['e1', 'edge-eu', true],
      ['e2', 'edge-eu-2', false],
      [null, 'nobody', false],
    ]);
  });

  it('a result is stale after twice the schedule interval and its time in transit', () => {
    expect(staleAfterMs('@every 30s', NOW)).toBe(70_000);
    expect(staleAfterMs(null, NOW)).toBe(130_000);
  });

  it('the spec validates the shape, duplicates and a threshold above the fixed locations', () => {
    const ok = canarySpecSchema.safeParse({
      locations: ['local', { agent: 'edge-eu' }, { agentSelector: 'region=eu' }],
      failureThreshold: 2,
    });
    expect(ok.success).toBe(true);
    const bad = (spec: unknown) =>
      canarySpecSchema.safeParse(spec).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(bad({ locations: ['local', 'local'] })).toEqual(['locations.1: local is named twice']);
    expect(bad({ locations: ['local', { agent: 'a' }], failureThreshold: 3 })).toEqual([
      'failureThreshold: is 3 but only 2 location(s) are named',
    ]);
    expect(bad({ failureThreshold: 1 })).toEqual(['failureThreshold: needs locations']);
    expect(bad({ locations: [] })?.[0]).toContain('at least one location');
    expect(bad({ locations: [{ agent: 'a', agentSelector: 'x=y' }] })?.length).toBe(1);
    expect(bad({ locations: ['local'], failureThreshold: 0 })?.length).toBe(1);
  });
});
