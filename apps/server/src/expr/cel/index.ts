import {
  EvaluationError,
  ParseError,
  TypeError as CelTypeError,
  type ParseResult,
} from '@marcbachmann/cel-js';
import { CelError, type CelErrorKind } from './errors.js';
import { environmentWith, signaturesKey, withBound, type CelFunctions } from './bound.js';
import { stripLeadingDots } from './leading-dot.js';
import { fromCel, toCelVars } from './values.js';

/**
 * CEL for filters, `if` conditions, check `test` / `display`, silences and
 * definition-of-done scripts. Compile once when a spec is saved (`compileCel`) to refuse
 * bad expressions with a clear message; evaluate with plain JSON variables. Every failure
 * is a CelError naming the expression. See docs/expressions.md.
 */

export { CelError, type CelErrorKind } from './errors.js';
export type { CelFunctions } from './bound.js';

/** Per-evaluation functions (see bound.ts): declared at compile time, bound at evaluation. */
export type CelOptions = { functions?: CelFunctions };

export type CompiledCel = {
  readonly expression: string;
  /** Evaluates with the given variables; the result is plain JavaScript. */
  evaluate(vars?: Readonly<Record<string, unknown>>, functions?: CelFunctions): unknown;
};

const MAX_EXPRESSION = 20_000;
const CACHE_SIZE = 500;
const cache = new Map<string, CompiledCel>();

function reason(e: unknown): string {
  if (e instanceof ParseError || e instanceof EvaluationError || e instanceof CelTypeError) {
    const at = e.range ? ` at column ${e.range.start + 1}` : '';
    return `${e.summary}${at}`;
  }
  return e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e);
}

function failure(kind: CelErrorKind, expression: string, e: unknown): CelError {
  return e instanceof CelError ? e : new CelError(kind, expression, reason(e));
}

/** Parses and type-checks; throws CelError (`kind` "parse" or "type") when it cannot. */
export function compileCel(expression: string, options: CelOptions = {}): CompiledCel {
  const key = `${signaturesKey(options.functions)}\u0001${expression}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (expression.trim() === '') throw new CelError('parse', expression, 'the expression is empty');
  if (expression.length > MAX_EXPRESSION) {
    throw new CelError('parse', expression, `longer than ${MAX_EXPRESSION} characters`);
  }
  let parsed: ParseResult;
  try {
    parsed = environmentWith(options.functions).parse(stripLeadingDots(expression));
  } catch (e) {
    throw failure('parse', expression, e);
  }
  const checked = parsed.check();
  if (!checked.valid)
    throw failure(checked.error instanceof ParseError ? 'parse' : 'type', expression, checked.error);
  const compiled: CompiledCel = {
    expression,
    evaluate(vars = {}, functions) {
      try {
        return withBound(functions, () => fromCel(parsed(toCelVars(vars))));
      } catch (e) {
        throw failure('eval', expression, e);
      }
    },
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, compiled);
  return compiled;
}

/**
 * Why `expression` does not parse, or undefined. Syntax only: functions and variables are not
 * checked, so specs using extensions this server lacks (`k8s.isHealthy`) are still accepted.
 */
export function celSyntaxProblem(expression: string): string | undefined {
  if (expression.trim() === '') return 'the expression is empty';
  try {
    environmentWith(undefined).parse(stripLeadingDots(expression));
    return undefined;
  } catch (e) {
    return reason(e);
  }
}

/** Evaluates `expression`; the result is plain JavaScript (ints as numbers). */
export function evalCel(
  expression: string,
  vars: Readonly<Record<string, unknown>> = {},
  options: CelOptions = {},
): unknown {
  return compileCel(expression, options).evaluate(vars, options.functions);
}

/** Evaluates a condition; anything but a boolean result is a CelError. */
export function evalCelBool(expression: string, vars: Readonly<Record<string, unknown>> = {}): boolean {
  const value = evalCel(expression, vars);
  if (typeof value !== 'boolean')
    throw new CelError('result', expression, "didn't evaluate to a boolean value");
  return value;
}

/** Evaluates to text for messages: strings as they are, other values as JSON. */
export function evalCelString(expression: string, vars: Readonly<Record<string, unknown>> = {}): string {
  const value = evalCel(expression, vars);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? '';
}
