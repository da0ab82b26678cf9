import { isPlainObject } from '../../common/own.js';
import { printValue, typeName } from '../values.js';

/** Argument conversions shared by the function groups; each throws a readable Error. */

export const str = (v: unknown): string => printValue(v);

export function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === undefined || v === null) return 0;
  if (typeof v === 'string') {
    const n = v.trim() === '' ? 0 : Number(v.trim());
    if (!Number.isNaN(n)) return n;
  }
  throw new Error(`${JSON.stringify(printValue(v))} (${typeName(v)}) is not a number`);
}

export function int(v: unknown): number {
  const n = Math.trunc(num(v));
  if (!Number.isFinite(n)) throw new Error(`${printValue(v)} is not a finite number`);
  return n;
}

export function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === undefined || v === null) return [];
  throw new Error(`expected a list, got ${typeName(v)}`);
}

export function dict(v: unknown): Record<string, unknown> | Map<unknown, unknown> {
  if (v instanceof Map || isPlainObject(v)) return v;
  throw new Error(`expected a map, got ${typeName(v)}`);
}
