/**
 * In-memory fixed-window counters for login, recovery, verification and token endpoints,
 * keyed per account and per client IP. One process, one limiter: enough for a single-node
 * console; replicas each enforce their own window.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly windowMs: number) {}

  /** Counts one attempt under each key; false when any key is over its limit. */
  hit(keys: readonly { key: string; limit: number }[], now = Date.now()): boolean {
    this.sweep(now);
    let allowed = true;
    for (const { key, limit } of keys) {
      const entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
        continue;
      }
      entry.count += 1;
      if (entry.count > limit) allowed = false;
    }
    return allowed;
  }

  /** Whether the key is already over its limit, without counting an attempt. */
  blocked(key: string, limit: number, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    return entry !== undefined && entry.resetAt > now && entry.count >= limit;
  }

  /** A successful sign-in clears the account's counter (not the IP's). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private lastSweep = 0;
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please wait a few minutes and try again.';
