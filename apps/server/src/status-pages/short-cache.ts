type Entry<V> = {
  at: number;
  value: Promise<V>;
  /** Set once `value` has resolved: what a reader gets while the entry is being refreshed. */
  settled?: { value: V };
  refreshing?: boolean;
};

/**
 * A small in-process cache of recent answers, for routes anyone may call: an entry is fresh for
 * `ttlMs`; concurrent misses of one key share one load (so a burst costs one statement); once an
 * entry has expired, the next reader starts one reload in the background and it and those after
 * it get the last answer until the reload lands, so no reader waits on a reload (an answer is at
 * most `ttlMs` plus one load old). At most `maxEntries` keys are kept (the oldest goes first), so
 * made-up keys cannot grow it. A `ttlMs` of 0 caches nothing beyond shared concurrent loads.
 */
export class ShortCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const t = this.now();
    if (hit && t - hit.at < this.ttlMs) return hit.value;
    if (hit?.settled && this.ttlMs > 0) {
      if (!hit.refreshing) this.reload(key, hit, load);
      return Promise.resolve(hit.settled.value);
    }
    return this.store(key, t, load());
  }

  clear(): void {
    this.entries.clear();
  }

  private reload(key: string, stale: Entry<V>, load: () => Promise<V>): void {
    stale.refreshing = true;
    const value = load();
    // Until it lands, readers keep the stale answer; a failed reload drops the entry, so the
    // next reader loads (and waits) again rather than being served an old answer for ever.
    value.then(
      () => {
        if (this.entries.get(key) === stale) this.store(key, this.now(), value);
      },
      () => {
        if (this.entries.get(key) === stale) this.entries.delete(key);
      },
    );
  }

  private store(key: string, at: number, value: Promise<V>): Promise<V> {
    const entry: Entry<V> = { at, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.settled = { value: v };
      },
      // A failed load is not kept: the next request tries again.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
