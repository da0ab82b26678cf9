import { shellQuote } from '../../common/shell.js';
import { goQuote } from '../printf.js';
import { isNil } from '../values.js';
import { int, list, str } from './args.js';
import { templateOwned } from './collections.js';
import { MAX_WIDTH } from './go-builtins.js';
import { fn, type FunctionTable } from './types.js';

/** sprig string functions; the string being worked on is the last argument, so it pipes. */

function indent(width: unknown, s: unknown): string {
  const n = int(width);
  if (n < 0 || n > MAX_WIDTH) throw new Error(`indent width ${n} out of range`);
  const pad = ' '.repeat(n);
  return pad + str(s).replace(/\n/g, `\n${pad}`);
}

function title(s: string): string {
  return s.replace(
    /(^|[^\p{L}\p{N}'])(\p{L})/gu,
    (_m, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

function trimAll(cutset: string, s: string): string {
  const chars = new Set(cutset);
  const all = [...s];
  let start = 0;
  let end = all.length;
  while (start < end && chars.has(all[start] ?? '')) start++;
  while (end > start && chars.has(all[end - 1] ?? '')) end--;
  return all.slice(start, end).join('');
}

function splitToDict(sep: string, s: string): Record<string, string> {
  return templateOwned(Object.fromEntries(s.split(sep).map((part, i) => [`_${i}`, part])));
}

function quoteAll(quote: (s: string) => string) {
  return (...args: unknown[]) =>
    args
      .filter((a) => !isNil(a))
      .map((a) => quote(str(a)))
      .join(' ');
}

function repeat(count: unknown, s: unknown): string {
  const n = int(count);
  const text = str(s);
  if (n < 0 || n * text.length > MAX_WIDTH * 10) throw new Error(`repeat count ${n} out of range`);
  return text.repeat(n);
}

function substr(start: unknown, end: unknown, s: unknown): string {
  const text = str(s);
  const from = Math.max(int(start), 0);
  const to = int(end);
  return to < 0 || to > text.length ? text.slice(from) : text.slice(from, to);
}

function trunc(count: unknown, s: unknown): string {
  const text = str(s);
  const n = int(count);
  return n >= 0 ? text.slice(0, n) : text.slice(Math.max(text.length + n, 0));
}

export const stringFunctions: FunctionTable = {
  upper: fn(1, 1, (s) => str(s).toUpperCase()),
  lower: fn(1, 1, (s) => str(s).toLowerCase()),
  title: fn(1, 1, (s) => title(str(s))),
  // One argument: sprig's trim (white space); two: gomplate's `trim s cutset` (Go's strings.Trim).
  trim: fn(1, 2, (s, ...cutset) => (cutset.length ? trimAll(str(cutset[0]), str(s)) : str(s).trim())),
  trimPrefix: fn(2, 2, (p, s) => (str(s).startsWith(str(p)) ? str(s).slice(str(p).length) : str(s))),
  trimSuffix: fn(2, 2, (x, s) =>
    str(x) && str(s).endsWith(str(x)) ? str(s).slice(0, -str(x).length) : str(s),
  ),
  trimAll: fn(2, 2, (cutset, s) => trimAll(str(cutset), str(s))),
  replace: fn(3, 3, (from, to, s) => str(s).replaceAll(str(from), str(to))),
  contains: fn(2, 2, (sub, s) => str(s).includes(str(sub))),
  hasPrefix: fn(2, 2, (p, s) => str(s).startsWith(str(p))),
  hasSuffix: fn(2, 2, (x, s) => str(s).endsWith(str(x))),
  split: fn(2, 2, (sep, s) => splitToDict(str(sep), str(s))),
  splitList: fn(2, 2, (sep, s) => str(s).split(str(sep))),
  // sprig's `join sep list`; gomplate's `join list sep` when the list comes first.
  join: fn(2, 2, (sep, l) => {
    if (Array.isArray(sep) && !Array.isArray(l)) return sep.map(str).join(str(l));
    return typeof l === 'string' ? l : list(l).map(str).join(str(sep));
  }),
  quote: fn(
    0,
    Infinity,
    quoteAll((s) => goQuote(s)),
  ),
  squote: fn(
    0,
    Infinity,
    quoteAll((s) => `'${s}'`),
  ),
  shellQuote: fn(0, Infinity, quoteAll(shellQuote)),
  indent: fn(2, 2, indent),
  nindent: fn(2, 2, (w, s) => `\n${indent(w, s)}`),
  repeat: fn(2, 2, repeat),
  substr: fn(3, 3, substr),
  trunc: fn(2, 2, trunc),
  toString: fn(1, 1, (v) => str(v)),
};
