import path from 'node:path';
import { isPlainObject, ownValue, sortedKeys } from '../../common/own.js';
import { printValue } from '../values.js';
import { dict, int, list, num, str } from './args.js';
import { collectionFunctions, defineKey, templateOwned } from './collections.js';
import { fn, type FunctionTable } from './types.js';

/**
 * gomplate's `coll.*`, `math.*`, `path.*` and `filepath.*` namespaces and the top-level
 * aliases that sprig lacks (`sort`, `flatten`; `merge` is the same in both). Results are new
 * values: the data handed in is never modified.
 */

const coll = collectionFunctions;

function flatten(l: unknown[], depth: number): unknown[] {
  return l.flatMap((x) => (Array.isArray(x) && depth !== 0 ? flatten(x, depth - 1) : [x]));
}

/** gomplate's Flatten: `[depth] list`, all levels by default. */
const flattenArgs = (...args: unknown[]) => flatten(list(args.at(-1)), args.length === 2 ? int(args[0]) : -1);

/** Natural order: numbers by value, anything else as text; maps by the value under `key`. */
function sortList(...args: unknown[]): unknown[] {
  const items = [...list(args.at(-1))];
  const key = args.length === 2 ? str(args[0]) : undefined;
  const valueOf = (x: unknown) => (key === undefined ? x : ownValue(x, key));
  const allNumbers = items.every((x) => typeof valueOf(x) === 'number');
  return items.sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (allNumbers) return (x as number) - (y as number);
    const sx = printValue(x);
    const sy = printValue(y);
    return sx < sy ? -1 : sx > sy ? 1 : 0;
  });
}

/** gomplate's Merge: the first map wins, then each next one fills what is still missing. */
function merge(...maps: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of [...maps].reverse()) {
    const d = dict(m);
    for (const k of sortedKeys(d)) defineKey(out, k, ownValue(d, k));
  }
  return templateOwned(out);
}

/** gomplate's Pick / Omit: `keys… map`. */
function pickOmit(keep: boolean) {
  return (...args: unknown[]): Record<string, unknown> => {
    const d = dict(args.at(-1));
    const keys = new Set(args.slice(0, -1).map(str));
    const out: Record<string, unknown> = {};
    for (const k of sortedKeys(d)) if (keys.has(k) === keep) defineKey(out, k, ownValue(d, k));
    return templateOwned(out);
  };
}

/** gomplate's Has: a key of a map, or a value of a list. */
function has(container: unknown, key: unknown): boolean {
  if (Array.isArray(container)) return container.some((v) => v === key || printValue(v) === printValue(key));
  if (container instanceof Map || isPlainObject(container))
    return ownValue(container, str(key)) !== undefined;
  return false;
}

/** gomplate's Seq: `end`, `start end` or `start end step`, counting from 1 by default. */
function seq(...args: unknown[]): number[] {
  const [start, end, step] =
    args.length === 1
      ? [1, int(args[0]), 1]
      : [int(args[0]), int(args[1]), args.length === 3 ? int(args[2]) : 0];
  const by = step === 0 ? (end >= start ? 1 : -1) : Math.abs(step) * (end >= start ? 1 : -1);
  const count = Math.floor((end - start) / by) + 1;
  if (count > 100_000) throw new Error(`a sequence of ${count} numbers is too long`);
  return Array.from({ length: Math.max(count, 0) }, (_v, i) => start + i * by);
}

const nums = (xs: unknown[]) => xs.map(num);
const isNumeric = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)));

function pathFunctions(ns: string): FunctionTable {
  const p = path.posix;
  return {
    [`${ns}.Base`]: fn(1, 1, (s) => p.basename(str(s)) || (str(s).startsWith('/') ? '/' : '.')),
    [`${ns}.Clean`]: fn(1, 1, (s) => p.normalize(str(s)).replace(/(.)\/$/, '$1')),
    [`${ns}.Dir`]: fn(1, 1, (s) => p.dirname(str(s))),
    [`${ns}.Ext`]: fn(1, 1, (s) => p.extname(str(s))),
    [`${ns}.IsAbs`]: fn(1, 1, (s) => p.isAbsolute(str(s))),
    [`${ns}.Join`]: fn(0, Infinity, (...xs) => p.join(...xs.map(str))),
    [`${ns}.Split`]: fn(1, 1, (s) => {
      const i = str(s).lastIndexOf('/');
      return [str(s).slice(0, i + 1), str(s).slice(i + 1)];
    }),
  };
}

export const gomplateCollFunctions: FunctionTable = {
  'coll.Dict': coll.dict!,
  'coll.Slice': fn(0, Infinity, (...items) => items),
  'coll.Has': fn(2, 2, has),
  'coll.Keys': coll.keys!,
  'coll.Values': coll.values!,
  'coll.Append': fn(2, 2, (v, l) => [...list(l), v]),
  'coll.Prepend': fn(2, 2, (v, l) => [v, ...list(l)]),
  'coll.Uniq': coll.uniq!,
  'coll.Reverse': coll.reverse!,
  'coll.Merge': fn(1, Infinity, merge),
  'coll.Sort': fn(1, 2, sortList),
  'coll.Flatten': fn(1, 2, flattenArgs),
  'coll.Pick': fn(2, Infinity, pickOmit(true)),
  'coll.Omit': fn(2, Infinity, pickOmit(false)),
  sort: fn(1, 2, sortList),
  merge: fn(1, Infinity, merge),
  flatten: fn(1, 2, flattenArgs),
  'math.Abs': fn(1, 1, (x) => Math.abs(num(x))),
  'math.Add': fn(0, Infinity, (...xs) => nums(xs).reduce((s, x) => s + x, 0)),
  'math.Sub': fn(2, 2, (a, b) => num(a) - num(b)),
  'math.Mul': fn(0, Infinity, (...xs) => nums(xs).reduce((s, x) => s * x, 1)),
  'math.Div': fn(2, 2, (a, b) => {
    if (num(b) === 0) throw new Error('error: division by 0');
    return num(a) / num(b);
  }),
  'math.Rem': fn(2, 2, (a, b) => {
    if (int(b) === 0) throw new Error('integer divide by zero');
    return int(a) % int(b);
  }),
  'math.Pow': fn(2, 2, (a, b) => num(a) ** num(b)),
  'math.Max': fn(1, Infinity, (...xs) => Math.max(...nums(xs))),
  'math.Min': fn(1, Infinity, (...xs) => Math.min(...nums(xs))),
  'math.Ceil': fn(1, 1, (x) => Math.ceil(num(x))),
  'math.Floor': fn(1, 1, (x) => Math.floor(num(x))),
  'math.Round': fn(1, 1, (x) => Math.sign(num(x)) * Math.round(Math.abs(num(x)))),
  'math.Seq': fn(1, 3, seq),
  'math.IsNum': fn(1, 1, isNumeric),
  'math.IsInt': fn(1, 1, (v) => isNumeric(v) && !/[.eE]/.test(printValue(v)) && Number.isInteger(Number(v))),
  'math.IsFloat': fn(
    1,
    1,
    (v) => isNumeric(v) && (/[.eE]/.test(printValue(v)) || !Number.isInteger(Number(v))),
  ),
  ...pathFunctions('path'),
  ...pathFunctions('filepath'),
};
