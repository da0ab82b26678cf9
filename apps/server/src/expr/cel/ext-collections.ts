import type { Environment } from '@marcbachmann/cel-js';

/**
 * `dyn(x).keys()`, `.values()` on maps, `list.slice(from, to)`, and canary-checker's
 * `map.omit([keys])`, `map.merge(other)` and `list.flatten()` (one level, as its fixtures use).
 */

function entriesOf(m: unknown): [string, unknown][] {
  if (m instanceof Map) return [...m.entries()].map(([k, v]: [unknown, unknown]) => [String(k), v]);
  return Object.entries(m as Record<string, unknown>);
}

export function registerCollectionExtensions(env: Environment): void {
  env
    .registerFunction('map.keys(): list', (m: unknown) => entriesOf(m).map(([k]) => k))
    .registerFunction('map.values(): list', (m: unknown) => entriesOf(m).map(([, v]) => v))
    .registerFunction('list.slice(int, int): list', (l: unknown[], from: bigint, to: bigint) => {
      if (from < 0n || to > BigInt(l.length) || from > to) {
        throw new Error(`slice(${from}, ${to}) out of range for a list of ${l.length}`);
      }
      return l.slice(Number(from), Number(to));
    })
    .registerFunction('map.omit(list): map', (m: unknown, keys: unknown[]) => {
      const drop = new Set(keys.map(String));
      return Object.fromEntries(entriesOf(m).filter(([k]) => !drop.has(k)));
    })
    .registerFunction('map.merge(map): map', (a: unknown, b: unknown) =>
      Object.fromEntries([...entriesOf(a), ...entriesOf(b)]),
    )
    .registerFunction('list.flatten(): list', (l: unknown[]) =>
      l.flatMap((x) => (Array.isArray(x) ? x : [x])),
    );
}
