/**
 * The only error CEL helpers throw. `kind`: the expression does not parse, fails type
 * checking, fails while evaluating, or gave a value of the wrong type (evalCelBool).
 */
export type CelErrorKind = 'parse' | 'type' | 'eval' | 'result';

const MAX_SHOWN = 200;

export function shortExpression(expression: string): string {
  const oneLine = expression.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_SHOWN ? `${oneLine.slice(0, MAX_SHOWN)}…` : oneLine;
}

export class CelError extends Error {
  override readonly name = 'CelError';
  constructor(
    readonly kind: CelErrorKind,
    readonly expression: string,
    readonly detail: string,
  ) {
    super(
      kind === 'result'
        ? `expression (${shortExpression(expression)}) ${detail}`
        : `expression (${shortExpression(expression)}) ${kind === 'eval' ? 'failed' : 'is invalid'}: ${detail}`,
    );
  }
}
