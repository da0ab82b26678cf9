import { describe, expect, it } from 'vitest';
import { CelError, evalCel, type CelFunctions } from '../../src/expr/index.js';

/** A playbook's `if` sees the run through functions bound for one evaluation. */
function runFunctions(failed: boolean, last: unknown): CelFunctions {
  return {
    'success(): bool': () => !failed,
    'failure(): bool': () => failed,
    'getLastAction(): dyn': () => last,
    'getAction(string): dyn': (name) => (name === 'first' ? last : null),
  };
}

describe('CEL with per-evaluation functions', () => {
  const last = { status: 'completed', result: { stdout: '{"count": 3}\n', exitCode: 0 } };

  it('calls the bound functions, with the string .JSON() extension on their results', () => {
    const functions = runFunctions(false, last);
    expect(evalCel('success()', {}, { functions })).toBe(true);
    expect(evalCel('failure()', {}, { functions })).toBe(false);
    expect(evalCel('getLastAction().result.stdout.JSON().count < 5', {}, { functions })).toBe(true);
    expect(evalCel('getAction("first").status + "/" + params.x', { params: { x: 'y' } }, { functions })).toBe(
      'completed/y',
    );
    expect(evalCel('getAction("other") == null', {}, { functions })).toBe(true);
  });

  it('binds each evaluation to its own implementations', () => {
    expect(evalCel('failure()', {}, { functions: runFunctions(true, last) })).toBe(true);
    expect(evalCel('failure()', {}, { functions: runFunctions(false, last) })).toBe(false);
  });

  it('reports an unknown function as an error without the bindings, and an error inside one', () => {
    expect(() => evalCel('success()')).toThrow(CelError);
    const throwing: CelFunctions = {
      'getLastAction(): dyn': () => {
        throw new Error('no action has run yet');
      },
    };
    expect(() => evalCel('getLastAction().status == "x"', {}, { functions: throwing })).toThrow(
      /no action has run yet/,
    );
  });
});
