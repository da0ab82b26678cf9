import { describe, expect, it } from 'vitest';
import { formatDuration, formatLatency } from './duration.js';
import { formatBytes, formatCost, formatCount, formatPercent } from './number.js';
import { formatAge, formatRelativeTime } from './time.js';

describe('durations and latency', () => {
  it('uses ms under 1 s, s under 1 min, m under 1 h, then h', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(450)).toBe('450ms');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(59_000)).toBe('59s');
    expect(formatDuration(90_000)).toBe('1.5m');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(5_400_000)).toBe('1.5h');
    expect(formatDuration(null)).toBe('');
    expect(formatLatency(87.4)).toBe('87ms');
  });
});

describe('numbers', () => {
  it('shows percentages with one decimal only when not whole', () => {
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(99.5)).toBe('99.5%');
    expect(formatPercent(99.456)).toBe('99.5%');
    expect(formatPercent(99.96)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('shows costs with two decimals under 10 and k above 1000', () => {
    expect(formatCost(4.5)).toBe('$4.50');
    expect(formatCost(0.123)).toBe('$0.12');
    expect(formatCost(123.4)).toBe('$123');
    expect(formatCost(1234)).toBe('$1.2k');
    expect(formatCost(25_000)).toBe('$25k');
  });

  it("shows counts above 999 as 'k+'", () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(12_345)).toBe('12k+');
  });

  it('shows bytes with binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });
});

describe('relative times', () => {
  const now = new Date('2026-03-18T12:00:00Z');
  it('describes the past and the future in words', () => {
    expect(formatRelativeTime(new Date('2026-03-18T11:58:00Z'), now)).toBe('2 minutes ago');
    expect(formatRelativeTime('2026-03-18T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-16T12:00:00Z', now)).toBe('2 days ago');
    expect(formatRelativeTime('2026-03-18T15:00:00Z', now)).toBe('in 3 hours');
    expect(formatRelativeTime('2026-03-18T11:59:55Z', now)).toBe('just now');
    expect(formatRelativeTime(null, now)).toBe('');
  });

  it('gives short ages', () => {
    expect(formatAge('2026-03-18T11:59:15Z', now)).toBe('45s');
    expect(formatAge('2026-03-18T10:00:00Z', now)).toBe('2h');
    expect(formatAge('2026-03-13T12:00:00Z', now)).toBe('5d');
  });
});
