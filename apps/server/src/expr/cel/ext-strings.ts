import type { Environment } from '@marcbachmann/cel-js';
import { toJson } from '../common/json.js';
import { shellQuote } from '../common/shell.js';
import { fromCel } from './values.js';

/**
 * String and JSON helpers cel-js lacks: `replace`, `charAt`, `reverse`, `.JSON()`, `toJSON`,
 * cel-go's `"%s/%d".format([…])` and `strings.quote(s)`, and `shellQuote(s)` / `s.shellQuote()`
 * (the templates' function: one word for a POSIX shell, whatever it holds).
 */

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch (e) {
    throw new Error(`invalid JSON: ${(e as Error).message}`);
  }
}

/** One argument as `%s` / `%v` prints it: text as is, numbers plainly, other values as JSON. */
function plain(v: unknown): string {
  const x = fromCel(v);
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  if (x instanceof Date) return x.toISOString();
  return toJson(x);
}

/** cel-go's string.format: %s %v %d %f %.Nf %e %x %X %o %b and %%. */
export function formatCel(pattern: string, args: unknown[]): string {
  let next = 0;
  return pattern.replace(
    /%(\.(\d+))?([svdfeExXob%])/g,
    (whole, _p, digits: string | undefined, verb: string) => {
      if (verb === '%') return '%';
      if (next >= args.length) throw new Error(`format: not enough arguments for ${whole}`);
      const v = args[next++];
      const n = () => Number(fromCel(v));
      switch (verb) {
        case 'd':
          return String(Math.trunc(n()));
        case 'f':
          return n().toFixed(digits === undefined ? 6 : Number(digits));
        case 'e':
        case 'E': {
          const t = n().toExponential(digits === undefined ? 6 : Number(digits));
          return verb === 'E' ? t.toUpperCase() : t;
        }
        case 'x':
        case 'X': {
          const t =
            typeof fromCel(v) === 'string'
              ? Buffer.from(String(fromCel(v))).toString('hex')
              : n().toString(16);
          return verb === 'X' ? t.toUpperCase() : t;
        }
        case 'o':
          return n().toString(8);
        case 'b':
          return n().toString(2);
        default:
          return plain(v);
      }
    },
  );
}

class StringsNamespace {}

function replaceN(s: string, from: string, to: string, n: bigint): string {
  if (n < 0n) return s.replaceAll(from, to);
  let out = s;
  let at = 0;
  for (let i = 0n; i < n; i++) {
    const hit = out.indexOf(from, at);
    if (hit < 0) break;
    out = out.slice(0, hit) + to + out.slice(hit + from.length);
    at = hit + to.length;
  }
  return out;
}

export function registerStringExtensions(env: Environment): void {
  env
    .registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) =>
      s.replaceAll(a, b),
    )
    .registerFunction('string.replace(string, string, int): string', replaceN)
    .registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
      if (i < 0n || i > BigInt(s.length)) throw new Error(`charAt: index ${i} out of range`);
      return s.charAt(Number(i));
    })
    .registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''))
    .registerFunction('string.JSON(): dyn', parseJson)
    .registerFunction('string.JSONArray(): list', (s: string) => {
      const v = parseJson(s);
      if (!Array.isArray(v)) throw new Error('JSONArray: the text is not a JSON array');
      return v;
    })
    .registerFunction('string.format(list): string', formatCel)
    .registerType('StringsNamespace', StringsNamespace)
    .registerConstant('strings', 'StringsNamespace', new StringsNamespace())
    .registerFunction('StringsNamespace.quote(string): string', (_ns: StringsNamespace, s: string) =>
      JSON.stringify(s),
    )
    .registerFunction('shellQuote(string): string', shellQuote)
    .registerFunction('string.shellQuote(): string', shellQuote)
    .registerFunction('toJSON(dyn): string', (v: unknown) => toJson(fromCel(v)))
    .registerFunction('dyn.toJSON(): string', (v: unknown) => toJson(fromCel(v)));
}
