/**
 * Reading spec-supplied keys from data without ever reaching inherited properties
 * (`constructor`, `__proto__`, `toString`): only own properties of plain objects and
 * entries of Maps count.
 */

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The value stored under `key`, or undefined when `container` has no such own key. */
export function ownValue(container: unknown, key: string): unknown {
  if (container instanceof Map) return container.get(key);
  if (isPlainObject(container) && Object.hasOwn(container, key)) return container[key];
  return undefined;
}

export function hasOwnKey(container: unknown, key: string): boolean {
  if (container instanceof Map) return container.has(key);
  return isPlainObject(container) && Object.hasOwn(container, key);
}

/** Own keys of a plain object or Map, sorted as Go sorts map keys when ranging. */
export function sortedKeys(container: Record<string, unknown> | Map<unknown, unknown>): string[] {
  const keys = container instanceof Map ? [...container.keys()].map(String) : Object.keys(container);
  return keys.sort();
}
