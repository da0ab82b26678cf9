import type { Db } from './types.js';

type Shared<T> = { version: string; at: number; done: boolean; value: Promise<T> };

/**
 * Results of expensive reads (the health summary, the topology tree) computed once and given
 * to every request asking the same question while the computation runs and for `shareMs`
 * after — but never once the database's change counter has moved: `versionSql` reads counters
 * that triggers bump in the same transaction as every change a user would see (a status, a
 * component or check added, edited or removed), so a request made after such a change is never
 * answered from before it. The key must hold everything that makes two answers differ,
 * including what the asker may see (the route's permission is checked before, per request).
 */
export class SharedResults<T> {
  private readonly byDb = new WeakMap<Db, Map<string, Shared<T>>>();

  constructor(
    private readonly versionSql: string,
    private readonly maxEntries = 200,
  ) {}

  async get(db: Db, key: string, shareMs: number, compute: () => Promise<T>): Promise<T> {
    const { rows } = await db.query<{ version: string }>(this.versionSql);
    const version = String(rows[0]?.version ?? '');
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const hit = entries.get(key);
    const now = performance.now();
    if (hit && hit.version === version && (!hit.done || now - hit.at < shareMs)) return hit.value;
    const entry: Shared<T> = { version, at: now, done: false, value: compute() };
    const map = entries;
    entry.value.then(
      () => (entry.done = true),
      // A failed computation is not shared: the next request tries again.
      () => {
        if (map.get(key) === entry) map.delete(key);
      },
    );
    map.delete(key);
    if (map.size >= this.maxEntries) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, entry);
    return entry.value;
  }
}
