import { Optional } from '@marcbachmann/cel-js';
import { formatDuration } from '../common/duration.js';
import { isPlainObject } from '../common/own.js';

/**
 * Values crossing into and out of CEL. In: JSON-like data becomes plain CEL values
 * (numbers stay doubles, as they are in Go's JSON; undefined members are dropped, since
 * cel-js refuses them; Maps become objects). Out: results become plain JavaScript values
 * (ints → numbers, durations → Go duration strings, optionals → their value or null).
 */

const MAX_DEPTH = 100;

function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  // A JSON key "__proto__" must stay an ordinary key, never a prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function toCel(v: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object') return typeof v === 'function' ? null : v;
  if (v instanceof Date || v instanceof Uint8Array || v instanceof Optional || isCelDuration(v)) return v;
  if (depth > MAX_DEPTH) throw new Error(`data nested deeper than ${MAX_DEPTH} levels`);
  if (seen.has(v)) throw new Error('data contains itself');
  seen.add(v);
  try {
    if (Array.isArray(v)) return v.map((x: unknown) => toCel(x, depth + 1, seen));
    const entries: [string, unknown][] =
      v instanceof Map
        ? [...v.entries()].map(([k, x]: [unknown, unknown]) => [String(k), x])
        : Object.entries(v);
    const out: Record<string, unknown> = {};
    for (const [k, x] of entries)
      if (x !== undefined && typeof x !== 'function') defineKey(out, k, toCel(x, depth + 1, seen));
    return out;
  } finally {
    seen.delete(v);
  }
}

/** One value converted for cel-js (a bound function's result). */
export function toCelValue(v: unknown): unknown {
  return toCel(v, 0, new WeakSet());
}

/** The variables of one evaluation, converted for cel-js. */
export function toCelVars(vars: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars))
    if (v !== undefined) defineKey(out, k, toCel(v, 0, new WeakSet()));
  return out;
}

export function isCelDuration(v: unknown): v is { seconds: bigint; nanos: number } {
  return Object.prototype.toString.call(v) === '[object google.protobuf.Duration]';
}

function durationMs(d: { seconds: bigint; nanos: number }): number {
  return Number(d.seconds) * 1000 + d.nanos / 1e6;
}

/** A CEL result as plain JavaScript. */
export function fromCel(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Optional) return v.hasValue() ? fromCel(v.value()) : null;
  if (v instanceof Date || v instanceof Uint8Array) return v;
  if (isCelDuration(v)) return formatDuration(durationMs(v));
  if (Array.isArray(v)) return v.map(fromCel);
  if (v instanceof Map)
    return Object.fromEntries([...v.entries()].map(([k, x]: [unknown, unknown]) => [String(k), fromCel(x)]));
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) defineKey(out, k, fromCel(x));
    return out;
  }
  // UnsignedInt and type values print as what they are.
  const value: unknown = (v as { valueOf(): unknown }).valueOf();
  return typeof value === 'bigint' ? Number(value) : String(v);
}

/** Milliseconds of a CEL duration, for extensions that take one. */
export function celDurationMs(v: unknown): number | undefined {
  return isCelDuration(v) ? durationMs(v) : undefined;
}
