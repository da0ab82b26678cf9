import type { Environment } from '@marcbachmann/cel-js';
import { celEnvironment } from './environment.js';
import { fromCel, toCelValue } from './values.js';

/**
 * Functions whose meaning depends on one evaluation (a playbook's `success()` or
 * `getAction("x")` read the run being evaluated). They are declared by signature in a copy of
 * the server's environment, so expressions that call them type-check; the implementations
 * are bound only for the synchronous evaluation that passes them. Arguments arrive as plain
 * JavaScript (ints as numbers); results go back into CEL as data.
 */
export type CelFunctions = Readonly<Record<string, (...args: unknown[]) => unknown>>;

const environments = new Map<string, Environment>();
/** The bindings of the evaluations under way (an evaluation may nest another). */
const bound: CelFunctions[] = [];

export function signaturesKey(functions: CelFunctions | undefined): string {
  return functions ? Object.keys(functions).sort().join('\u0000') : '';
}

function dispatcher(signature: string) {
  return (...args: unknown[]): unknown => {
    const impl = bound.at(-1)?.[signature];
    if (!impl) throw new Error(`${signature.split('(')[0] ?? signature}() is not available here`);
    return toCelValue(impl(...args.map(fromCel)));
  };
}

/** The server's environment plus the given signatures (one environment per set, cached). */
export function environmentWith(functions: CelFunctions | undefined): Environment {
  const key = signaturesKey(functions);
  if (!functions || key === '') return celEnvironment();
  let env = environments.get(key);
  if (!env) {
    env = celEnvironment().clone();
    for (const signature of Object.keys(functions)) env.registerFunction(signature, dispatcher(signature));
    environments.set(key, env);
  }
  return env;
}

/** Runs `evaluate` with `functions` bound. */
export function withBound<T>(functions: CelFunctions | undefined, evaluate: () => T): T {
  if (!functions) return evaluate();
  bound.push(functions);
  try {
    return evaluate();
  } finally {
    bound.pop();
  }
}
