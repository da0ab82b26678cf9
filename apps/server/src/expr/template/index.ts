import { isPlainObject } from '../common/own.js';
import type { ParsedTemplate } from './ast.js';
import { DEFAULT_DELIMITERS, readHeader, type Delimiters } from './delimiters.js';
import { TemplateError } from './errors.js';
import { DEFAULT_LIMITS, Executor, type OutputEscape, type TemplateLimits } from './exec.js';
import { templateFunctions, type FunctionSpec, type TemplateFunction } from './funcs/index.js';
import { lex } from './lexer.js';
import { Parser } from './parser.js';

/**
 * Go text/template for specs: `{{ … }}` and `$( … )` actions in the same text, value
 * functions (`$(params.x)`), sprig/gomplate functions, caller functions, limits. Every
 * failure is a TemplateError. See docs/expressions.md.
 */

export { TemplateError } from './errors.js';
export type { TemplateErrorKind } from './errors.js';
export { DEFAULT_LIMITS, type OutputEscape, type TemplateLimits } from './exec.js';
export { Verbatim } from './values.js';
export { markdownValues, escapeMarkdownText } from './markdown-values.js';
export { templateFunctions } from './funcs/index.js';
export type { TemplateFunction } from './funcs/index.js';
export type { Delimiters } from './delimiters.js';

export type RenderOptions = {
  /** Extra functions (`getAction`, `permalink`…); they take precedence over built-ins. */
  funcs?: Readonly<Record<string, TemplateFunction>>;
  limits?: Partial<TemplateLimits>;
  /** Delimiter pairs to recognise; default `{{ }}` and lenient `$( )`. */
  delimiters?: readonly Delimiters[];
  /**
   * Escapes every value an action prints (the template's own text stays as written), e.g.
   * `markdownValues` for notification bodies; a value a function returns as Verbatim is not.
   */
  escape?: OutputEscape;
};

export type Template = { readonly source: string; readonly tree: ParsedTemplate };

const CACHE_SIZE = 500;
const CACHEABLE_LENGTH = 16 * 1024;
const cache = new Map<string, ParsedTemplate>();

function cacheKey(text: string, delimiters: readonly Delimiters[]): string {
  return `${delimiters.map((d) => `${d.left}\u0001${d.right}\u0001${d.lenient ? 1 : 0}`).join('\u0002')}\u0000${text}`;
}

function hasAction(text: string, delimiters: readonly Delimiters[]): boolean {
  return delimiters.some((d) => text.includes(d.left)) || text.includes('gotemplate:');
}

/** Parses without rendering: for checking a spec when it is saved. Throws TemplateError. */
export function parseTemplate(text: string, options: Pick<RenderOptions, 'delimiters'> = {}): Template {
  const requested = options.delimiters ?? DEFAULT_DELIMITERS;
  const key = cacheKey(text, requested);
  const hit = cache.get(key);
  if (hit) return { source: text, tree: hit };
  const { body, delimiters, firstLine } = readHeader(text, requested);
  let tree: ParsedTemplate;
  try {
    tree = new Parser(lex(body, delimiters, firstLine).tokens).parse();
  } catch (e) {
    throw asTemplateError('parse', e);
  }
  if (text.length <= CACHEABLE_LENGTH) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, tree);
  }
  return { source: text, tree };
}

function functionLookup(funcs: RenderOptions['funcs']): (name: string) => FunctionSpec | undefined {
  if (!funcs) return (name) => templateFunctions.get(name);
  return (name) => {
    const own = Object.hasOwn(funcs, name) ? funcs[name] : undefined;
    if (own) return { fn: own, minArgs: 0, maxArgs: Infinity };
    return templateFunctions.get(name);
  };
}

/** Renders `text` against `data`. A missing key renders as an empty string. */
export function renderTemplate(text: string, data: unknown, options: RenderOptions = {}): string {
  const delimiters = options.delimiters ?? DEFAULT_DELIMITERS;
  if (!hasAction(text, delimiters)) return text;
  const { tree } = parseTemplate(text, { delimiters });
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  try {
    return new Executor(tree, data, functionLookup(options.funcs), limits, options.escape).run();
  } catch (e) {
    throw asTemplateError('exec', e);
  }
}

/** A JavaScript stack overflow or similar is still reported as a template failure. */
function asTemplateError(kind: 'parse' | 'exec', e: unknown): TemplateError {
  if (e instanceof TemplateError) return e;
  return new TemplateError(kind, 0, e instanceof Error ? e.message : String(e));
}

export type RenderDeepOptions = RenderOptions & {
  /** Object keys whose values are copied as they are (e.g. nested `forEach` blocks). */
  skipKeys?: readonly string[];
};

/** Renders every string inside a JSON value (object keys stay as they are). */
export function renderDeep<T>(value: T, data: unknown, options: RenderDeepOptions = {}): T {
  const skip = new Set(options.skipKeys ?? []);
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return renderTemplate(v, data, options);
    if (Array.isArray(v)) return v.map(visit);
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, skip.has(k) ? x : visit(x)]));
  };
  return visit(value) as T;
}
