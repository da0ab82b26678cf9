import { int, num, str } from './args.js';
import { fn, type FunctionTable } from './types.js';

/**
 * sprig arithmetic: `add sub mul div mod max min` work on integers (arguments are
 * truncated, as sprig converts them to int64); `addf subf mulf divf` keep fractions.
 */

function divide(a: number, b: number): number {
  if (b === 0) throw new Error('integer divide by zero');
  return Math.trunc(a / b);
}

function round(v: unknown, precision: unknown = 0, roundOn: unknown = 0.5): number {
  const x = num(v);
  const p = 10 ** int(precision);
  const scaled = x * p;
  const floor = Math.floor(scaled);
  return (scaled - floor >= num(roundOn) ? floor + 1 : floor) / p;
}

function atoi(v: unknown): number {
  const s = str(v).trim();
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  return Number(s);
}

export const numberFunctions: FunctionTable = {
  add: fn(0, Infinity, (...xs) => xs.reduce<number>((s, x) => s + int(x), 0)),
  add1: fn(1, 1, (x) => int(x) + 1),
  sub: fn(2, 2, (a, b) => int(a) - int(b)),
  mul: fn(1, Infinity, (...xs) => xs.reduce<number>((s, x) => s * int(x), 1)),
  div: fn(2, 2, (a, b) => divide(int(a), int(b))),
  mod: fn(2, 2, (a, b) => {
    if (int(b) === 0) throw new Error('integer divide by zero');
    return int(a) % int(b);
  }),
  max: fn(1, Infinity, (...xs) => Math.max(...xs.map(int))),
  min: fn(1, Infinity, (...xs) => Math.min(...xs.map(int))),
  addf: fn(0, Infinity, (...xs) => xs.reduce<number>((s, x) => s + num(x), 0)),
  subf: fn(2, 2, (a, b) => num(a) - num(b)),
  mulf: fn(1, Infinity, (...xs) => xs.reduce<number>((s, x) => s * num(x), 1)),
  divf: fn(2, 2, (a, b) => num(a) / num(b)),
  floor: fn(1, 1, (x) => Math.floor(num(x))),
  ceil: fn(1, 1, (x) => Math.ceil(num(x))),
  round: fn(1, 3, round),
  int: fn(1, 1, int),
  int64: fn(1, 1, int),
  float64: fn(1, 1, num),
  atoi: fn(1, 1, atoi),
};
