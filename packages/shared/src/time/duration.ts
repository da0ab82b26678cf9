import { z } from 'zod';
import { ownTable } from '../lookup.js';

/**
 * The one duration parser. Go-style durations as config-db, canary-checker and our own
 * settings write them: `500ms`, `30s`, `1.5h`, `1h30m`, `7d`, `2w`, `1y` (also `ns`, `us`, `µs`).
 * Every result is range-checked: a negative, non-finite or absurdly long duration is refused
 * rather than turned into Infinity or an invalid Date downstream.
 */
export const DURATION_UNIT_MS = ownTable({
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
});
export type DurationUnit = keyof typeof DURATION_UNIT_MS;

/** The longest duration anything accepts: 100 years. */
export const MAX_DURATION_MS = 100 * DURATION_UNIT_MS.y;

/** Longer text is not a duration anyone meant; refusing it early keeps parsing cheap. */
const MAX_TEXT_LENGTH = 100;
const AMOUNT = String.raw`(?:\d+(?:\.\d*)?|\.\d+)`;
const UNIT = 'ns|us|µs|ms|s|m|h|d|w|y';
/** The syntax alone (no range check): for JSON Schema, so spec editors can flag a typo. */
export const DURATION_PATTERN = new RegExp(`^(?:0|(?:${AMOUNT}(?:${UNIT}))+)$`);
const PART = new RegExp(`(${AMOUNT})(${UNIT})`, 'g');
const PLAIN_NUMBER = new RegExp(`^${AMOUNT}$`);

export type DurationOptions = {
  /** Unit of a plain number (`90` or the number 90); without one a plain number is refused. */
  defaultUnit?: DurationUnit;
  /** Only these units may appear (a UI rule such as "milliseconds and seconds only"). */
  units?: readonly DurationUnit[];
  /** Upper bound in milliseconds; at most MAX_DURATION_MS. */
  maxMs?: number;
};

/** Milliseconds of a duration, or undefined when it is not one or is out of range. */
export function parseDuration(text: string | undefined, options?: DurationOptions): number | undefined;
/** A number (or plain number text) counts in `defaultUnit`, so the caller must name it. */
export function parseDuration(
  value: string | number | undefined,
  options: DurationOptions & { defaultUnit: DurationUnit },
): number | undefined;
export function parseDuration(
  value: string | number | undefined,
  options: DurationOptions = {},
): number | undefined {
  const ms = typeof value === 'number' ? plainNumberMs(value, options) : textMs(value, options);
  const max = Math.min(options.maxMs ?? MAX_DURATION_MS, MAX_DURATION_MS);
  return ms !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= max ? ms : undefined;
}

/** True when `text` is a duration `parseDuration` accepts with the same options. */
export function isDuration(text: string, options?: DurationOptions): boolean {
  return parseDuration(text, options) !== undefined;
}

/** A duration string in a spec: the pattern (kept in JSON Schema) and the range check. */
export function durationTextSchema(message: string) {
  return z
    .string()
    .regex(DURATION_PATTERN, message)
    .refine((s) => isDuration(s), message);
}

function plainNumberMs(n: number, { defaultUnit }: DurationOptions): number | undefined {
  return defaultUnit === undefined ? undefined : n * DURATION_UNIT_MS[defaultUnit];
}

function textMs(value: string | undefined, options: DurationOptions): number | undefined {
  if (value === undefined || value.length > MAX_TEXT_LENGTH) return undefined;
  const text = value.trim();
  // Go reads a bare 0 as no time at all.
  if (text === '0') return 0;
  if (PLAIN_NUMBER.test(text)) return plainNumberMs(Number(text), options);
  if (!DURATION_PATTERN.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(PART)) {
    const u = unit as DurationUnit;
    if (options.units && !options.units.includes(u)) return undefined;
    total += Number(amount) * DURATION_UNIT_MS[u];
  }
  return total;
}
