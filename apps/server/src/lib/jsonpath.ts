/**
 * A small JSONPath evaluator (no package for it is installed): `$`, `.key`, `['key']`, `[0]`,
 * `[-1]`, `[0,2]`, `[*]`, `.*` and recursive descent `..key` / `..*`. Enough for scraper
 * specs (`$.metadata.name`, `$.items[*]`, `$..image`) and topology lookups; filters are not
 * supported. Shared by the domains, so it lives below them.
 */
export type PathKey = string | number;
export type JsonPathMatch = { value: unknown; path: PathKey[] };

type Step =
  | { kind: 'key'; key: string; deep: boolean }
  | { kind: 'index'; indexes: number[] }
  | { kind: 'wildcard'; deep: boolean };

export class JsonPathError extends Error {}

const cache = new Map<string, Step[]>();

/** `$…`, and as in config-db `@…`; `.name` is a path whose `$` was left out. */
export function isJsonPath(text: string): boolean {
  return text.startsWith('$') || text.startsWith('@') || text.startsWith('.');
}

/** A dotted name such as `metadata.uid` or `items[0].name`: a path only if it matches. */
const BARE_PATH = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[(?:-?\d+|\*)\])+$/;

export function isBareJsonPath(text: string): boolean {
  return BARE_PATH.test(text);
}

/** config-db specs often leave out the `$`: `.name`, `metadata.uid`, `@.id` read as `$.…`. */
export function normalizeJsonPath(expr: string): string {
  const e = expr.trim();
  if (e.startsWith('$')) return e;
  if (e.startsWith('@')) return `$${e.slice(1)}`;
  if (e.startsWith('.') || e.startsWith('[')) return `$${e}`;
  return `$.${e}`;
}

function parse(input: string): Step[] {
  const cached = cache.get(input);
  if (cached) return cached;
  const expr = normalizeJsonPath(input);
  if (expr === '$.') throw new JsonPathError('JSONPath is empty');
  const steps: Step[] = [];
  let i = 1;
  while (i < expr.length) {
    const c = expr[i];
    if (c === '.') {
      const deep = expr[i + 1] === '.';
      i += deep ? 2 : 1;
      if (expr[i] === '*') {
        steps.push({ kind: 'wildcard', deep });
        i += 1;
        continue;
      }
      if (deep && expr[i] === '[') continue;
      const m = /^[^.[\]]+/.exec(expr.slice(i));
      if (!m) throw new JsonPathError(`Expected a name at position ${i} in ${expr}`);
      steps.push({ kind: 'key', key: m[0], deep });
      i += m[0].length;
    } else if (c === '[') {
      const end = expr.indexOf(']', i);
      if (end < 0) throw new JsonPathError(`Missing ] in ${expr}`);
      const inner = expr.slice(i + 1, end).trim();
      const deep = steps.length > 0 && expr.slice(i - 2, i) === '..';
      if (inner === '*') steps.push({ kind: 'wildcard', deep });
      else if (/^(['"]).*\1$/.test(inner)) steps.push({ kind: 'key', key: inner.slice(1, -1), deep });
      else if (/^-?\d+(\s*,\s*-?\d+)*$/.test(inner)) {
        steps.push({ kind: 'index', indexes: inner.split(',').map((s) => Number(s.trim())) });
      } else throw new JsonPathError(`Unsupported selector [${inner}] in ${expr}`);
      i = end + 1;
    } else {
      throw new JsonPathError(`Unexpected "${c}" at position ${i} in ${expr}`);
    }
  }
  if (cache.size > 1000) cache.clear();
  cache.set(input, steps);
  return steps;
}

function children(m: JsonPathMatch): JsonPathMatch[] {
  const v = m.value;
  if (Array.isArray(v)) return v.map((value, i) => ({ value, path: [...m.path, i] }));
  if (v !== null && typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>).map(([k, value]) => ({
      value,
      path: [...m.path, k],
    }));
  }
  return [];
}

function descendantsAndSelf(m: JsonPathMatch): JsonPathMatch[] {
  const out: JsonPathMatch[] = [m];
  for (const c of children(m)) out.push(...descendantsAndSelf(c));
  return out;
}

function applyStep(step: Step, m: JsonPathMatch): JsonPathMatch[] {
  if (step.kind === 'index') {
    if (!Array.isArray(m.value)) return [];
    const arr = m.value as unknown[];
    return step.indexes
      .map((n) => (n < 0 ? arr.length + n : n))
      .filter((n) => n >= 0 && n < arr.length)
      .map((n) => ({ value: arr[n], path: [...m.path, n] }));
  }
  const bases = 'deep' in step && step.deep ? descendantsAndSelf(m) : [m];
  const out: JsonPathMatch[] = [];
  for (const b of bases) {
    if (step.kind === 'wildcard') out.push(...children(b));
    else if (b.value !== null && typeof b.value === 'object' && !Array.isArray(b.value)) {
      const obj = b.value as Record<string, unknown>;
      if (Object.hasOwn(obj, step.key)) out.push({ value: obj[step.key], path: [...b.path, step.key] });
    }
  }
  return out;
}

/** Every match of `expr` in `doc`, with its location. */
export function queryJsonPath(doc: unknown, expr: string): JsonPathMatch[] {
  let current: JsonPathMatch[] = [{ value: doc, path: [] }];
  for (const step of parse(expr)) current = current.flatMap((m) => applyStep(step, m));
  return current;
}

/** The first match's value, or undefined. */
export function jsonPathValue(doc: unknown, expr: string): unknown {
  return queryJsonPath(doc, expr)[0]?.value;
}

function asText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * A spec field: JSONPath evaluated to a string, or a literal used as is. A dotted name
 * (`metadata.uid`) is read as a path when it matches the document, else kept as a literal.
 */
export function resolveField(doc: unknown, field: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  if (isJsonPath(field)) return asText(jsonPathValue(doc, field));
  if (isBareJsonPath(field)) {
    const m = queryJsonPath(doc, field)[0];
    if (m) return asText(m.value);
  }
  return field;
}

/** Checks a JSONPath parses, for spec validation; returns the reason when it does not. */
export function jsonPathProblem(expr: string): string | undefined {
  try {
    parse(expr);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
