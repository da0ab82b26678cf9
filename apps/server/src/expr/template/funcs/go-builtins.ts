import { isPlainObject, ownValue } from '../../common/own.js';
import { sprintf } from '../printf.js';
import { isNil, printValue, truth, typeName } from '../values.js';
import { int } from './args.js';
import { fn, type FunctionTable } from './types.js';

/**
 * Go text/template's predefined functions. `and` / `or` short-circuit in the evaluator;
 * the versions here only run when every argument is already known.
 */

export const MAX_WIDTH = 100_000;

/** fmt.Sprint: a space between operands when neither is a string. */
function sprint(args: unknown[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += printValue(a);
  });
  return out;
}

function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function length(v: unknown): number {
  if (typeof v === 'string') return byteLength(v);
  if (Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (isPlainObject(v)) return Object.keys(v).length;
  throw new Error(`len of ${typeName(v)}`);
}

function indexOnce(item: unknown, key: unknown): unknown {
  if (Array.isArray(item) || typeof item === 'string') {
    if (typeof key !== 'number' || !Number.isInteger(key))
      throw new Error(`cannot index list with ${typeName(key)}`);
    if (key < 0 || key >= item.length) throw new Error(`index out of range: ${key}`);
    return typeof item === 'string' ? item.charCodeAt(key) : item[key];
  }
  if (item instanceof Map || isPlainObject(item)) return ownValue(item, printValue(key));
  if (isNil(item)) return undefined;
  throw new Error(`can't index item of type ${typeName(item)}`);
}

function sliceIndex(v: unknown, max: number): number {
  const i = int(v);
  if (i < 0 || i > max) throw new Error(`index out of range: ${i}`);
  return i;
}

/**
 * Go's `slice item i j`; gomplate's `slice a b c` (a list of its arguments) when the
 * arguments are not a string or list followed by one or two numeric indexes.
 */
function slice(...args: unknown[]): unknown {
  const [item, ...idx] = args;
  const indexes =
    idx.length > 0 && idx.length <= 2 && idx.every((i) => typeof i === 'number' || typeof i === 'bigint');
  if (!indexes || (typeof item !== 'string' && !Array.isArray(item))) return args;
  const start = sliceIndex(idx[0], item.length);
  const end = idx.length > 1 ? sliceIndex(idx[1], item.length) : item.length;
  if (start > end) throw new Error(`invalid slice index: ${start} > ${end}`);
  return item.slice(start, end);
}

/** Equality as templates need it: numbers by value, nil equals nil, no composite values. */
export function equal(a: unknown, b: unknown): boolean {
  const an = typeof a === 'bigint' ? Number(a) : a;
  const bn = typeof b === 'bigint' ? Number(b) : b;
  if (isNil(an) || isNil(bn)) return isNil(an) && isNil(bn);
  if (typeof an === 'object' || typeof bn === 'object')
    throw new Error(`non-comparable type ${typeName(typeof an === 'object' ? an : bn)}`);
  return an === bn;
}

function order(a: unknown, b: unknown): number {
  const an = typeof a === 'bigint' ? Number(a) : a;
  const bn = typeof b === 'bigint' ? Number(b) : b;
  if (typeof an === 'number' && typeof bn === 'number') return an - bn;
  if (typeof an === 'string' && typeof bn === 'string') return an < bn ? -1 : an > bn ? 1 : 0;
  throw new Error(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
}

function htmlEscape(s: string): string {
  return s.replace(
    /[&'<>"\0]/g,
    (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '\0': '\uFFFD' })[c] ?? c,
  );
}

function jsEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\' || ch === "'" || ch === '"') out += `\\${ch}`;
    else if ('<>&='.includes(ch) || code < 0x20 || code === 0x7f)
      out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export const goBuiltins: FunctionTable = {
  and: fn(1, Infinity, (...args) => args.find((a) => !truth(a)) ?? args[args.length - 1]),
  or: fn(1, Infinity, (...args) => args.find((a) => truth(a)) ?? args[args.length - 1]),
  not: fn(1, 1, (v) => !truth(v)),
  len: fn(1, 1, length),
  index: fn(1, Infinity, (item, ...keys) => keys.reduce(indexOnce, item)),
  slice: fn(0, Infinity, slice),
  print: fn(0, Infinity, (...args) => sprint(args)),
  println: fn(0, Infinity, (...args) => `${args.map(printValue).join(' ')}\n`),
  printf: fn(1, Infinity, (format, ...args) => sprintf(printValue(format), args, MAX_WIDTH)),
  eq: fn(2, Infinity, (a, ...bs) => bs.some((b) => equal(a, b))),
  ne: fn(2, 2, (a, b) => !equal(a, b)),
  lt: fn(2, 2, (a, b) => order(a, b) < 0),
  le: fn(2, 2, (a, b) => order(a, b) <= 0),
  gt: fn(2, 2, (a, b) => order(a, b) > 0),
  ge: fn(2, 2, (a, b) => order(a, b) >= 0),
  html: fn(0, Infinity, (...args) => htmlEscape(sprint(args))),
  js: fn(0, Infinity, (...args) => jsEscape(sprint(args))),
  urlquery: fn(0, Infinity, (...args) => queryEscape(sprint(args))),
  call: fn(1, Infinity, (f, ...args) => {
    if (typeof f !== 'function') throw new Error(`call of non-function ${typeName(f)}`);
    return (f as (...a: unknown[]) => unknown)(...args);
  }),
};
