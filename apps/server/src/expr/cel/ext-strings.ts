import type { Environment } from '@marcbachmann/cel-js';
import { toJson } from '../common/json.js';
import { fromCel } from './values.js';

/** String and JSON helpers cel-js lacks: `replace`, `charAt`, `reverse`, `.JSON()`, `toJSON`. */

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch (e) {
    throw new Error(`invalid JSON: ${(e as Error).message}`);
  }
}

function replaceN(s: string, from: string, to: string, n: bigint): string {
  if (n < 0n) return s.replaceAll(from, to);
  let out = s;
  let at = 0;
  for (let i = 0n; i < n; i++) {
    const hit = out.indexOf(from, at);
    if (hit < 0) break;
    out = out.slice(0, hit) + to + out.slice(hit + from.length);
    at = hit + to.length;
  }
  return out;
}

export function registerStringExtensions(env: Environment): void {
  env
    .registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) =>
      s.replaceAll(a, b),
    )
    .registerFunction('string.replace(string, string, int): string', replaceN)
    .registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
      if (i < 0n || i > BigInt(s.length)) throw new Error(`charAt: index ${i} out of range`);
      return s.charAt(Number(i));
    })
    .registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''))
    .registerFunction('string.JSON(): dyn', parseJson)
    .registerFunction('string.JSONArray(): list', (s: string) => {
      const v = parseJson(s);
      if (!Array.isArray(v)) throw new Error('JSONArray: the text is not a JSON array');
      return v;
    })
    .registerFunction('toJSON(dyn): string', (v: unknown) => toJson(fromCel(v)))
    .registerFunction('dyn.toJSON(): string', (v: unknown) => toJson(fromCel(v)));
}
