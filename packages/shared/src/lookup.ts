/**
 * A read-only lookup table that answers only its own keys. A plain object literal also answers
 * `toString`, `constructor` and `__proto__` from Object.prototype, so a table indexed by a
 * client's value (`SORTABLE[req.sort_by]`) could hand a function to SQL building; this one
 * has no prototype.
 */
export function ownTable<K extends string, T>(entries: Record<K, T>): Readonly<Record<K, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<K, T>, entries));
}
