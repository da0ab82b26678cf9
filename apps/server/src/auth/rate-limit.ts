import crypto from 'node:crypto';
import type { Queryable } from '../db/types.js';
import type { JobDefinition } from '../jobs/scheduler.js';
import { deleteInBatches } from '../jobs/retention.js';

export type LimitKey = { key: string; limit: number };

/** Longer keys (a pasted novel as the email) are stored as their hash: same limit, small row. */
const MAX_KEY_LENGTH = 200;

function stored(key: string): string {
  return key.length <= MAX_KEY_LENGTH
    ? key
    : `${key.slice(0, 40)}…sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Fixed-window counters for login, recovery, verification and token endpoints, keyed per
 * account and per client IP, kept in the database (table auth_rate_limits, migration 175) so
 * every replica counts the same attempts. Each call is one statement; the database's clock
 * decides the windows, so replicas with skewed clocks agree too.
 */
export class RateLimiter {
  private readonly windowSecs: number;

  constructor(
    private readonly db: Queryable,
    windowMs: number,
  ) {
    this.windowSecs = windowMs / 1000;
  }

  /** Counts one attempt under each key; false when any key is over its limit. */
  async hit(keys: readonly LimitKey[]): Promise<boolean> {
    const limits = new Map<string, number>();
    for (const { key, limit } of keys) {
      const k = stored(key);
      limits.set(k, Math.min(limit, limits.get(k) ?? limit));
    }
    // Sorted: two attempts sharing keys lock their rows in the same order (no deadlock).
    const sorted = [...limits.keys()].sort();
    const { rows } = await this.db.query<{ key: string; attempts: number }>(
      `INSERT INTO auth_rate_limits AS r (key, window_start, attempts)
       SELECT k, now(), 1 FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END,
         attempts = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.attempts + 1 END
       RETURNING key, attempts`,
      [sorted, this.windowSecs],
    );
    return rows.every((r) => r.attempts <= (limits.get(r.key) ?? Infinity));
  }

  /** Whether any key is already at its limit, without counting an attempt. */
  async blocked(keys: readonly LimitKey[]): Promise<boolean> {
    const limits = new Map(keys.map(({ key, limit }) => [stored(key), limit]));
    const { rows } = await this.db.query<{ key: string; attempts: number }>(
      `SELECT key, attempts FROM auth_rate_limits
       WHERE key = ANY($1::text[]) AND window_start > now() - make_interval(secs => $2)`,
      [[...limits.keys()], this.windowSecs],
    );
    return rows.some((r) => r.attempts >= (limits.get(r.key) ?? Infinity));
  }

  /** A successful sign-in clears the account's counter (not the IP's). */
  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM auth_rate_limits WHERE key = $1', [stored(key)]);
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please wait a few minutes and try again.';

/** Removes counters whose window ended; a tick that removed nothing leaves no job_history row. */
export const rateLimitCleanup: JobDefinition = {
  name: 'CleanupAuthRateLimits',
  cron: '*/15 * * * *',
  recordEmptyRuns: false,
  async run(ctx, signal) {
    const windowSecs = ctx.config.auth.rateLimit.windowMs / 1000;
    const n = await deleteInBatches(
      ctx.db,
      signal,
      'auth_rate_limits',
      't.window_start <= now() - make_interval(secs => $1)',
      [windowSecs],
    );
    return { success: n };
  },
};

/**
 * The same fixed-window counting as RateLimiter, kept in this process's memory: for anonymous
 * reads (public status pages) whose limit guards this server's capacity, where a database write
 * per request would itself be the load the limit is there to prevent. Each replica counts its
 * own requests. At most `maxKeys` keys are kept; a window that ended is forgotten.
 */
export class MemoryRateLimiter {
  private readonly windows = new Map<string, { start: number; attempts: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request under each key; false when any key is over its limit. */
  hit(keys: readonly LimitKey[]): boolean {
    const t = this.now();
    let ok = true;
    for (const { key, limit } of keys) {
      const k = stored(key);
      const w = this.windows.get(k);
      if (!w || t - w.start >= this.windowMs) {
        this.windows.delete(k);
        this.windows.set(k, { start: t, attempts: 1 });
        if (limit < 1) ok = false;
      } else if (++w.attempts > limit) ok = false;
    }
    this.trim(t);
    return ok;
  }

  private trim(t: number): void {
    if (this.windows.size <= this.maxKeys) return;
    for (const [k, w] of this.windows) {
      if (this.windows.size <= this.maxKeys) break;
      // Oldest windows first (insertion order); an ended one or, when full, the oldest goes.
      if (t - w.start >= this.windowMs || this.windows.size > this.maxKeys) this.windows.delete(k);
    }
  }
}
