import { formatBytes } from '@opsdeck/shared';
import { shellQuote } from '../../common/shell.js';
import { humanizeDuration, parseDuration } from '../../common/duration.js';
import { goQuote } from '../printf.js';
import { int, list, num, str } from './args.js';
import { MAX_WIDTH } from './go-builtins.js';
import { regexFunctions } from './regex.js';
import { stringFunctions } from './strings.js';
import { fn, type FunctionSpec, type FunctionTable } from './types.js';

/**
 * gomplate's `strings.*` and `regexp.*` namespaces, as canary-checker and Mission Control
 * templates call them (`{{ .s | strings.ToUpper }}`): the value worked on is the last
 * argument, so they pipe. Also gomplate's top-level aliases that do not clash with sprig's
 * functions of the same name (sprig's `contains`, `split`… keep their order; docs/expressions.md).
 */

const call =
  (f: FunctionSpec | undefined) =>
  (...args: unknown[]) =>
    f!.fn(...args);

function trimCutset(cutset: string, s: string): string {
  return call(stringFunctions.trimAll)(cutset, s) as string;
}

/** Go's TrimLeft / TrimRight: drop characters of the cutset from one end. */
function trimEnd(side: 'left' | 'right') {
  return (cutset: unknown, s: unknown): string => {
    const chars = new Set(str(cutset));
    const all = [...str(s)];
    if (side === 'left') {
      let i = 0;
      while (i < all.length && chars.has(all[i]!)) i++;
      return all.slice(i).join('');
    }
    let end = all.length;
    while (end > 0 && chars.has(all[end - 1]!)) end--;
    return all.slice(0, end).join('');
  };
}

function abbrev(...args: unknown[]): string {
  const s = str(args.at(-1));
  const width = int(args.length === 3 ? args[1] : args[0]);
  const offset = args.length === 3 ? int(args[0]) : 0;
  if (width < 4) throw new Error('abbreviation width must be at least 4');
  if (s.length <= width) return s;
  if (offset <= 4) return `${s.slice(0, width - 3)}...`;
  const start = Math.min(offset, s.length - (width - 3));
  return start + width - 3 >= s.length
    ? `...${s.slice(-(width - 3))}`
    : `...${s.slice(start, start + width - 6)}...`;
}

/** gomplate's Indent: `[width] [indent] input`, default width 1 and a space. */
function indent(...args: unknown[]): string {
  const s = str(args.at(-1));
  const width = args.length >= 2 && typeof args[0] !== 'string' ? int(args[0]) : 1;
  const unit =
    args.length === 3 ? str(args[1]) : args.length === 2 && typeof args[0] === 'string' ? str(args[0]) : ' ';
  if (width < 0 || width * unit.length > MAX_WIDTH) throw new Error(`indent width ${width} out of range`);
  const pad = unit.repeat(width);
  return s
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

function splitN(sep: string, n: number, s: string): string[] {
  if (n === 0) return [];
  const parts = s.split(sep);
  return n < 0 || parts.length <= n ? parts : [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

/** Words of a sentence, for the case conversions (non-alphanumerics separate words). */
const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function camelCase(s: string): string {
  const w = words(s);
  const out = w.map((x, i) => (i === 0 ? x : x[0]!.toUpperCase() + x.slice(1))).join('');
  return /^\p{Ll}/u.test(s) ? out : out.charAt(0).toUpperCase() + out.slice(1);
}

function joinedCase(sep: string) {
  return (s: unknown) => {
    const text = str(s);
    const joined = words(text)
      .map((x) => x.toLowerCase())
      .join(sep);
    return /^\p{Lu}/u.test(text) ? joined.charAt(0).toUpperCase() + joined.slice(1) : joined;
  };
}

function wordWrap(...args: unknown[]): string {
  const s = str(args.at(-1));
  const width = args.length >= 2 ? int(args[0]) : 80;
  const lbseq = args.length === 3 ? str(args[1]) : '\n';
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(lbseq);
}

/** A number of seconds, or a Go duration string, in milliseconds. */
const durationMs = (v: unknown) =>
  typeof v === 'string' && /[a-zµμ]/.test(v) ? parseDuration(v) : num(v) * 1000;

const quoteMeta = (s: string) => s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');

const regex = regexFunctions;

export const gomplateStringFunctions: FunctionTable = {
  'strings.Abbrev': fn(2, 3, abbrev),
  'strings.Contains': fn(2, 2, (sub, s) => str(s).includes(str(sub))),
  'strings.HasPrefix': fn(2, 2, (p, s) => str(s).startsWith(str(p))),
  'strings.HasSuffix': fn(2, 2, (x, s) => str(s).endsWith(str(x))),
  'strings.Indent': fn(1, 3, indent),
  'strings.Split': fn(2, 2, (sep, s) => str(s).split(str(sep))),
  'strings.SplitN': fn(3, 3, (sep, n, s) => splitN(str(sep), int(n), str(s))),
  'strings.Quote': fn(1, 1, (s) => goQuote(str(s))),
  'strings.Squote': fn(1, 1, (s) => `'${str(s).replaceAll("'", "''")}'`),
  'strings.ShellQuote': fn(1, 1, (v) =>
    Array.isArray(v) ? v.map((x) => shellQuote(str(x))).join(' ') : shellQuote(str(v)),
  ),
  'strings.Repeat': stringFunctions.repeat!,
  'strings.ReplaceAll': fn(3, 3, (from, to, s) => str(s).replaceAll(str(from), str(to))),
  'strings.Slug': fn(1, 1, (s) =>
    words(str(s).normalize('NFKD').replace(/\p{M}/gu, '')).join('-').toLowerCase(),
  ),
  'strings.Sort': fn(1, 1, (l) => list(l).map(str).sort()),
  'strings.Title': stringFunctions.title!,
  'strings.ToLower': stringFunctions.lower!,
  'strings.ToUpper': stringFunctions.upper!,
  'strings.Trim': fn(2, 2, (cutset, s) => trimCutset(str(cutset), str(s))),
  'strings.TrimLeft': fn(2, 2, trimEnd('left')),
  'strings.TrimRight': fn(2, 2, trimEnd('right')),
  'strings.TrimPrefix': stringFunctions.trimPrefix!,
  'strings.TrimSuffix': stringFunctions.trimSuffix!,
  'strings.TrimSpace': stringFunctions.trim!,
  'strings.Trunc': fn(2, 2, (n, s) => str(s).slice(0, Math.max(int(n), 0))),
  'strings.CamelCase': fn(1, 1, (s) => camelCase(str(s))),
  'strings.SnakeCase': fn(1, 1, joinedCase('_')),
  'strings.KebabCase': fn(1, 1, joinedCase('-')),
  'strings.WordWrap': fn(1, 3, wordWrap),
  'strings.RuneCount': fn(0, Infinity, (...xs) => [...xs.map(str).join('')].length),
  'strings.HumanDuration': fn(1, 1, (v) => humanizeDuration(durationMs(v))),
  'strings.HumanSize': fn(1, 1, (n) => formatBytes(num(n))),
  'regexp.Find': regex.regexFind!,
  'regexp.FindAll': fn(2, 3, (re, ...rest) =>
    call(regex.regexFindAll)(re, rest.at(-1), rest.length === 2 ? rest[0] : -1),
  ),
  'regexp.Match': regex.regexMatch!,
  'regexp.QuoteMeta': fn(1, 1, (s) => quoteMeta(str(s))),
  'regexp.Replace': fn(3, 3, (re, repl, s) => call(regex.regexReplaceAll)(re, s, repl)),
  'regexp.ReplaceLiteral': fn(3, 3, (re, repl, s) => call(regex.regexReplaceAllLiteral)(re, s, repl)),
  'regexp.Split': fn(2, 3, (re, ...rest) =>
    call(regex.regexSplit)(re, rest.at(-1), rest.length === 2 ? rest[0] : -1),
  ),
  // gomplate's top-level aliases (Go's argument order where they have one).
  toUpper: stringFunctions.upper!,
  toLower: stringFunctions.lower!,
  trimSpace: stringFunctions.trim!,
  replaceAll: fn(3, 3, (from, to, s) => str(s).replaceAll(str(from), str(to))),
  startsWith: fn(2, 2, (s, p) => str(s).startsWith(str(p))),
  endsWith: fn(2, 2, (s, x) => str(s).endsWith(str(x))),
  splitN: fn(3, 3, (s, sep, n) => splitN(str(sep), int(n), str(s))),
  humanDuration: fn(1, 1, (v) => humanizeDuration(durationMs(v))),
  humanSize: fn(1, 1, (n) => formatBytes(num(n))),
};
