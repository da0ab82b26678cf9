/**
 * Go-style durations for templates and CEL: parsing `1h30m`, `500ms`, `7d` (the shared
 * parser, plus Go's leading sign) and printing Go's `time.Duration.String()`. Everything is
 * in milliseconds (fractions allowed) because that is what Date arithmetic uses.
 */
import { parseDuration as parseSharedDuration } from '@opsdeck/shared';

/** Parses a Go duration (`-1.5h`, `2h45m`, `300ms`, `7d`); throws on anything else. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  // The shared parser refuses negative durations; Go accepts a leading sign.
  const ms = parseSharedDuration(trimmed.replace(/^[+-]/, ''));
  if (ms === undefined) throw new Error(`invalid duration "${text}"`);
  return sign * ms;
}

function trimFraction(n: number, digits: number): string {
  return n.toFixed(digits).replace(/\.?0+$/, '');
}

/** Go's `time.Duration.String()`: `1h0m0s`, `1m30s`, `1.5s`, `150ms`, `0s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) throw new Error('duration out of range');
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1e-3) return `${sign}${Math.round(abs * 1e6)}ns`;
  if (abs < 1) return `${sign}${trimFraction(abs * 1e3, 3)}µs`;
  if (abs < 1000) return `${sign}${trimFraction(abs, 6)}ms`;
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = (abs % 60_000) / 1000;
  const sec = `${trimFraction(seconds, 9) || '0'}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${sec}`;
  if (minutes > 0) return `${sign}${minutes}m${sec}`;
  return `${sign}${sec}`;
}

/** Short human form with the two largest units: `2d3h`, `6h26m`, `45s`, `0s`. */
export function humanizeDuration(ms: number): string {
  if (!Number.isFinite(ms)) throw new Error('duration out of range');
  const sign = ms < 0 ? '-' : '';
  let rest = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(`${n}${unit}`);
    else if (parts.length > 0) break;
  }
  return parts.length ? sign + parts.join('') : '0s';
}
