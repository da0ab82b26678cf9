import { describe, expect, it } from 'vitest';
import { isRelativeExpression, parseRelativeSteps, resolveRelative } from './relative.js';

// A fixed local time: Wednesday 2026-03-18 14:37:12.345.
const NOW = new Date(2026, 2, 18, 14, 37, 12, 345);

describe('relative time expressions', () => {
  it('resolves now and offsets in every unit', () => {
    expect(resolveRelative('now', NOW)).toEqual(NOW);
    expect(resolveRelative('now-2d', NOW)).toEqual(new Date(2026, 2, 16, 14, 37, 12, 345));
    expect(resolveRelative('now+1h', NOW)).toEqual(new Date(2026, 2, 18, 15, 37, 12, 345));
    expect(resolveRelative('now-500ms', NOW).getTime()).toBe(NOW.getTime() - 500);
    expect(resolveRelative('now-30s', NOW).getTime()).toBe(NOW.getTime() - 30_000);
    expect(resolveRelative('now-15m', NOW).getTime()).toBe(NOW.getTime() - 900_000);
    expect(resolveRelative('now-1w', NOW)).toEqual(new Date(2026, 2, 11, 14, 37, 12, 345));
    expect(resolveRelative('now-1M', NOW)).toEqual(new Date(2026, 1, 18, 14, 37, 12, 345));
    expect(resolveRelative('now-1y', NOW)).toEqual(new Date(2025, 2, 18, 14, 37, 12, 345));
  });

  it('rounds with / to the start of a unit, or its end for the end of a range', () => {
    expect(resolveRelative('now/d', NOW)).toEqual(new Date(2026, 2, 18));
    expect(resolveRelative('now/d', NOW, true)).toEqual(new Date(2026, 2, 18, 23, 59, 59, 999));
    expect(resolveRelative('now-1d/d', NOW)).toEqual(new Date(2026, 2, 17));
    expect(resolveRelative('now/w', NOW)).toEqual(new Date(2026, 2, 16)); // Monday
    expect(resolveRelative('now/M', NOW)).toEqual(new Date(2026, 2, 1));
    expect(resolveRelative('now/y', NOW)).toEqual(new Date(2026, 0, 1));
    expect(resolveRelative('now/h', NOW)).toEqual(new Date(2026, 2, 18, 14));
  });

  it('chains several steps', () => {
    expect(resolveRelative('now-1d/d+2h', NOW)).toEqual(new Date(2026, 2, 17, 2));
  });

  it("rejects anything else with 'Invalid relative time range'", () => {
    for (const bad of ['', 'yesterday', 'now-', 'now-2', 'now-2x', 'now/q', '2d', 'now - 2d', 'now-2dd']) {
      expect(isRelativeExpression(bad)).toBe(false);
      expect(() => parseRelativeSteps(bad)).toThrow('Invalid relative time range');
    }
  });
});
