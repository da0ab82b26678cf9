import { compileRegex } from '../../common/regex.js';
import { int, str } from './args.js';
import { fn, type FunctionTable } from './types.js';

/** sprig regex functions (Go RE2 syntax; nested repetition is refused, see common/regex). */

function findAll(re: string, s: string, n: number): string[] {
  const all = [...s.matchAll(compileRegex(re, 'g'))].map((m) => m[0]);
  return n < 0 ? all : all.slice(0, n);
}

/** Go's regexp.Split: at most `n` parts (all when negative), the last one unsplit. */
function split(re: string, s: string, n: number): string[] {
  if (n === 0) return [];
  const parts: string[] = [];
  let begin = 0;
  let end = 0;
  for (const m of s.matchAll(compileRegex(re, 'g'))) {
    if (n > 0 && parts.length === n - 1) break;
    end = m.index;
    if (m.index + m[0].length !== 0) parts.push(s.slice(begin, end));
    begin = m.index + m[0].length;
  }
  if (end !== s.length) parts.push(s.slice(begin));
  return parts;
}

/** Go's `${1}` / `$name` replacement syntax mapped to JavaScript's `$1` / `$<name>`. */
function replacement(repl: string): string {
  return repl.replace(
    /\$\{(\w+)\}|\$([A-Za-z_]\w*)/g,
    (_m, braced: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare ?? '';
      return /^\d+$/.test(name) ? `$${name}` : `$<${name}>`;
    },
  );
}

export const regexFunctions: FunctionTable = {
  regexMatch: fn(2, 2, (re, s) => compileRegex(str(re)).test(str(s))),
  regexFind: fn(2, 2, (re, s) => compileRegex(str(re)).exec(str(s))?.[0] ?? ''),
  regexFindAll: fn(3, 3, (re, s, n) => findAll(str(re), str(s), int(n))),
  regexReplaceAll: fn(3, 3, (re, s, repl) =>
    str(s).replace(compileRegex(str(re), 'g'), replacement(str(repl))),
  ),
  regexReplaceAllLiteral: fn(3, 3, (re, s, repl) =>
    str(s).replace(compileRegex(str(re), 'g'), () => str(repl)),
  ),
  regexSplit: fn(3, 3, (re, s, n) => split(str(re), str(s), int(n))),
};
