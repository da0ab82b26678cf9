import { toJson } from '../common/json.js';
import { isPlainObject, ownValue } from '../common/own.js';

/**
 * How template values behave: Go's truthiness, field lookup that only sees own keys of
 * plain objects and Maps, and printing. Missing values print as empty strings, lists and
 * maps print as JSON (Go would print `map[a:1]`, which nobody wants in a message).
 */

export { isPlainObject, toJson };

/**
 * Text a caller's function marks to be printed as it is where the output is escaped (the
 * `markdown` function of notification bodies). Elsewhere it is its text.
 */
export class Verbatim {
  constructor(readonly text: string) {}
}

/** Go's `IsTrue`: false, 0, nil, "" and empty collections are false. */
export function truth(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'string') return v.length > 0;
  if (v instanceof Verbatim) return v.text.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (isPlainObject(v)) return Object.keys(v).length > 0;
  return true;
}

/** `.name` on a value: own keys of plain objects and Maps only; anything else is missing. */
export function field(receiver: unknown, name: string): unknown {
  return ownValue(receiver, name);
}

/** Printed form of a value in the output (`{{ . }}`), `print` and `%v`. */
export function printValue(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (v instanceof Verbatim) return v.text;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  if (typeof v === 'function') return '';
  if (v instanceof Uint8Array) return Buffer.from(v).toString('utf8');
  return toJson(v);
}

/** Go-ish type names for `%T` and error messages. */
export function typeName(v: unknown): string {
  if (v === undefined || v === null) return '<nil>';
  if (typeof v === 'string' || v instanceof Verbatim) return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float64';
  if (typeof v === 'bigint') return 'int64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  if (v instanceof Date) return 'time.Time';
  if (v instanceof Map || isPlainObject(v)) return 'map[string]interface {}';
  if (typeof v === 'function') return 'func';
  return 'object';
}

export function isNil(v: unknown): v is null | undefined {
  return v === undefined || v === null;
}
