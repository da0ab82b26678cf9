import { isPlainObject, ownValue, sortedKeys } from '../../common/own.js';
import { isNil, printValue, toJson, typeName } from '../values.js';
import { dict, list, str } from './args.js';
import { fn, type FunctionTable } from './types.js';

/**
 * sprig lists and dicts. Data handed to a template is never modified: `set` and `unset`
 * only change dicts the template made itself (`dict`, `fromJSON`, `fromYAML`, `split`).
 */

const ownDicts = new WeakSet<object>();

/** Marks a dict as made by the template, so `set` may change it. */
export function templateOwned<T>(v: T): T {
  if (isPlainObject(v)) ownDicts.add(v);
  return v;
}

export function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a key named "__proto__" must stay an ordinary key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function makeDict(...pairs: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < pairs.length; i += 2)
    defineKey(out, str(pairs[i]), i + 1 < pairs.length ? pairs[i + 1] : '');
  return templateOwned(out);
}

function ownedDict(d: unknown, name: string): Record<string, unknown> {
  if (!isPlainObject(d) || !ownDicts.has(d)) {
    throw new Error(`${name} can only change a dict made in this template with dict (got ${typeName(d)})`);
  }
  return d;
}

function keysOf(...dicts: unknown[]): string[] {
  return dicts.flatMap((d) => sortedKeys(dict(d))).sort();
}

function uniq(l: unknown): unknown[] {
  const seen = new Set<string>();
  return list(l).filter((v) => {
    const key = typeof v === 'object' && v !== null ? toJson(v) : `${typeof v}:${printValue(v)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * sprig's `has needle list`; gomplate's `has map key` / `has list value` (its argument order)
 * when the first argument is the collection and the second is not a list.
 */
function has(needle: unknown, haystack: unknown): boolean {
  if (!Array.isArray(haystack)) {
    if (needle instanceof Map || isPlainObject(needle)) return ownValue(needle, str(haystack)) !== undefined;
    if (Array.isArray(needle)) return needle.some((v) => v === haystack || (isNil(v) && isNil(haystack)));
  }
  return list(haystack).some((v) => v === needle || (isNil(v) && isNil(needle)));
}

/** sprig's `append list value`, or gomplate's `append value list` (the list piped last). */
function appendTo(atEnd: boolean) {
  return (a: unknown, b: unknown): unknown[] => {
    const [l, v] = !Array.isArray(a) && Array.isArray(b) ? [b, a] : [list(a), b];
    return atEnd ? [...l, v] : [v, ...l];
  };
}

export const collectionFunctions: FunctionTable = {
  list: fn(0, Infinity, (...items) => items),
  dict: fn(0, Infinity, makeDict),
  keys: fn(1, Infinity, keysOf),
  values: fn(1, 1, (d) => {
    const m = dict(d);
    return sortedKeys(m).map((k) => ownValue(m, k));
  }),
  hasKey: fn(2, 2, (d, k) => {
    const m = dict(d);
    return m instanceof Map ? m.has(str(k)) : Object.hasOwn(m, str(k));
  }),
  get: fn(2, 2, (d, k) => ownValue(dict(d), str(k)) ?? ''),
  set: fn(3, 3, (d, k, v) => {
    const m = ownedDict(d, 'set');
    defineKey(m, str(k), v);
    return m;
  }),
  unset: fn(2, 2, (d, k) => {
    const m = ownedDict(d, 'unset');
    delete m[str(k)];
    return m;
  }),
  pluck: fn(1, Infinity, (k, ...dicts) =>
    dicts
      .filter((d) => d instanceof Map || isPlainObject(d))
      .flatMap((d) => {
        const v = ownValue(d, str(k));
        return v === undefined ? [] : [v];
      }),
  ),
  first: fn(1, 1, (l) => list(l)[0]),
  last: fn(1, 1, (l) => list(l).at(-1)),
  rest: fn(1, 1, (l) => list(l).slice(1)),
  initial: fn(1, 1, (l) => list(l).slice(0, -1)),
  append: fn(2, 2, appendTo(true)),
  prepend: fn(2, 2, appendTo(false)),
  concat: fn(0, Infinity, (...lists) => lists.flatMap((l) => list(l))),
  reverse: fn(1, 1, (l) => [...list(l)].reverse()),
  uniq: fn(1, 1, uniq),
  has: fn(2, 2, has),
  sortAlpha: fn(1, 1, (l) => list(l).map(str).sort()),
};
