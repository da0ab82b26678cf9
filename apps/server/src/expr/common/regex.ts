/**
 * Regular expressions from specs (Go RE2 syntax) compiled to JavaScript. RE2 never
 * backtracks; JavaScript does, so patterns that nest repetition (`(a+)+`, `(\w*)*`), the
 * classic catastrophic-backtracking shape, are refused instead of hanging the server.
 */

const cache = new Map<string, RegExp>();
const CACHE_SIZE = 200;
const MAX_PATTERN = 2000;

function translateGo(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([imsU]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const f of inline[1] ?? '') if (f !== 'U' && !flags.includes(f)) flags += f;
  }
  source = source
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$');
  return { source, flags };
}

function isRepeat(pattern: string, at: number): { repeats: boolean; length: number } {
  const c = pattern[at];
  if (c === '*' || c === '+') return { repeats: true, length: 1 };
  if (c === '?') return { repeats: false, length: 1 };
  if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
    if (!m) return { repeats: false, length: 0 };
    const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
    return { repeats: max > 1, length: m[0].length };
  }
  return { repeats: false, length: 0 };
}

/** Throws when a repeated group itself contains repetition. */
function refuseNestedRepetition(pattern: string): void {
  const groups: boolean[] = [];
  let inner = false; // repetition seen in the current group so far
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      continue;
    }
    if (c === '(') {
      groups.push(inner);
      inner = false;
      continue;
    }
    let groupHadRepeat = false;
    if (c === ')') {
      groupHadRepeat = inner;
      inner = (groups.pop() ?? false) || groupHadRepeat;
    }
    const q = isRepeat(pattern, i + 1);
    if (q.length === 0) continue;
    if (q.repeats && groupHadRepeat) {
      throw new Error(`regular expression "${pattern}" repeats a repeated group, which can take forever`);
    }
    if (q.repeats) inner = true;
    i += q.length;
    if (pattern[i + 1] === '?' || pattern[i + 1] === '+') i++; // lazy / possessive marker
  }
}

/** Compiles a Go-syntax regular expression; throws a readable Error when it cannot. */
export function compileRegex(pattern: string, extraFlags = ''): RegExp {
  const key = `${extraFlags}/${pattern}`;
  const hit = cache.get(key);
  if (hit) {
    hit.lastIndex = 0;
    return hit;
  }
  if (pattern.length > MAX_PATTERN)
    throw new Error(`regular expression longer than ${MAX_PATTERN} characters`);
  refuseNestedRepetition(pattern);
  const { source, flags } = translateGo(pattern);
  let re: RegExp;
  try {
    re = new RegExp(source, [...new Set(flags + extraFlags + 'u')].join(''));
  } catch {
    try {
      re = new RegExp(source, [...new Set(flags + extraFlags)].join(''));
    } catch (e) {
      throw new Error(`invalid regular expression "${pattern}": ${(e as Error).message}`);
    }
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, re);
  return re;
}
