import type { Environment } from '@marcbachmann/cel-js';
import { formatBytes } from '@opsdeck/shared';

/**
 * `math.greatest(…)` / `math.least(…)` over numbers or one list of numbers, mixed
 * int/double arithmetic (`size(x) * 1.5`, `json.count + 1` where JSON numbers are
 * doubles), `HumanSize(bytes)`, cel-go's `math.ceil/floor/round/trunc/abs/sign` and
 * canary-checker's `math.Add([…])` (sum), `math.Max([…])`, `math.Min([…])`.
 */

class MathNamespace {}

const MAX_ARGS = 10;

function asNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const inner: unknown = v !== null && typeof v === 'object' ? (v as { valueOf(): unknown }).valueOf() : v;
  if (typeof inner === 'bigint') return Number(inner);
  throw new Error(`${typeof v} is not a number`);
}

function extreme(pick: (a: number, b: number) => boolean) {
  return (_ns: MathNamespace, ...args: unknown[]): unknown => {
    const values = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    if (values.length === 0) throw new Error('needs at least one number');
    return values.reduce((best, v) => (pick(asNumber(v), asNumber(best)) ? v : best));
  };
}

export function registerMathExtensions(env: Environment): void {
  env
    .registerType('MathNamespace', MathNamespace)
    .registerConstant('math', 'MathNamespace', new MathNamespace());
  for (let n = 1; n <= MAX_ARGS; n++) {
    const params = Array.from({ length: n }, () => 'dyn').join(', ');
    env.registerFunction(
      `MathNamespace.greatest(${params}): dyn`,
      extreme((a, b) => a > b),
    );
    env.registerFunction(
      `MathNamespace.least(${params}): dyn`,
      extreme((a, b) => a < b),
    );
  }
  for (const op of ['+', '-', '*', '/'] as const) {
    const apply = (a: number, b: number) =>
      op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
    env.registerOperator(`double ${op} int`, (a: number, b: bigint) => apply(a, Number(b)));
    env.registerOperator(`int ${op} double`, (a: bigint, b: number) => apply(Number(a), b));
  }
  const unary: [string, (x: number) => number][] = [
    ['ceil', Math.ceil],
    ['floor', Math.floor],
    ['round', (x) => Math.sign(x) * Math.round(Math.abs(x))],
    ['trunc', Math.trunc],
  ];
  for (const [name, f] of unary)
    env.registerFunction(`MathNamespace.${name}(double): double`, (_ns: MathNamespace, x: number) => f(x));
  env
    .registerFunction('MathNamespace.abs(dyn): dyn', (_ns: MathNamespace, x: unknown) =>
      typeof x === 'bigint' ? (x < 0n ? -x : x) : Math.abs(asNumber(x)),
    )
    .registerFunction('MathNamespace.sign(dyn): dyn', (_ns: MathNamespace, x: unknown) =>
      typeof x === 'bigint' ? (x > 0n ? 1n : x < 0n ? -1n : 0n) : Math.sign(asNumber(x)),
    )
    .registerFunction('MathNamespace.Add(list): double', (_ns: MathNamespace, l: unknown[]) =>
      l.reduce<number>((sum, v) => sum + asNumber(v), 0),
    )
    .registerFunction(
      'MathNamespace.Max(list): dyn',
      extreme((a, b) => a > b),
    )
    .registerFunction(
      'MathNamespace.Min(list): dyn',
      extreme((a, b) => a < b),
    );
  env.registerOperator('int == double', (a: bigint, b: number) => Number(a) === b);
  env.registerFunction('HumanSize(dyn): string', (v: unknown) => formatBytes(asNumber(v)));
}
