import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { Db } from '../db/types.js';

/** Notified by the database on every change that can end a session or narrow it (migration 123). */
export const AUTH_CHANGED_CHANNEL = 'opsdeck_auth_changed';

/** At most this many sessions are kept; past it the oldest go first. */
const MAX_ENTRIES = 10_000;
/** How long the start-up check waits for its own notification to come back. */
const PROBE_TIMEOUT_MS = 2_000;
/** After the listening connection breaks, how long before listening again. */
const RELISTEN_MS = 5_000;

type Entry<T> = { value: T; until: number };

/** What a lookup found, and for how long it may be reused (0: not at all). */
export type Loaded<T> = { value: T; reusableMs: number } | null;

/** Every cache of this process, so that a change made here empties them before it is answered. */
const caches = new Set<SessionCache<unknown>>();

/**
 * Empties every session cache of this process. Called by the code that revokes sessions or
 * changes roles and identities, so the next request sees the change even before the database's
 * notification comes back; other processes rely on the notification.
 */
export function forgetCachedSessions(): void {
  for (const cache of caches) cache.clear();
}

/**
 * The sessions the route guard has checked, for a few seconds, so a page's burst of requests
 * does not read the same session and roles once per request. Only used while this process is
 * listening for the database's change notifications: without them (no connection, a pooler
 * that drops LISTEN) every lookup goes to the database.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped by every clear: a lookup that started before it must not store what it read. */
  private generation = 0;
  private listening = false;

  constructor(private readonly maxAgeMs: number) {
    caches.add(this as SessionCache<unknown>);
  }

  /** Configured to keep sessions at all (SESSION_CACHE above 0). */
  get enabled(): boolean {
    return this.maxAgeMs > 0;
  }

  get active(): boolean {
    return this.listening && this.enabled;
  }

  setListening(on: boolean): void {
    this.listening = on;
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The cached value for `key`, else what `load` reads (kept if it says it may be reused). */
  async lookup(key: string, load: () => Promise<Loaded<T>>): Promise<T | null> {
    if (!this.active) return (await load())?.value ?? null;
    const hit = this.entries.get(key);
    if (hit && hit.until > performance.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    const ms = Math.min(this.maxAgeMs, loaded.reusableMs);
    if (ms > 0 && generation === this.generation && this.active) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { value: loaded.value, until: performance.now() + ms });
    }
    return loaded.value;
  }

  dispose(): void {
    this.listening = false;
    this.clear();
    caches.delete(this as SessionCache<unknown>);
  }
}

/**
 * Listens for the database's auth-change notifications and turns `cache` on once they arrive:
 * it sends one of its own first (a transaction pooler accepts LISTEN but delivers nothing, and
 * then the cache stays off), and empties the cache on each one. A broken connection turns the
 * cache off until listening works again. Start-up does not wait for the first notification.
 * Returns the function that stops it.
 */
export async function keepSessionCacheCurrent<T>(
  db: Db,
  cache: SessionCache<T>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let deaf: NodeJS.Timeout | undefined;

  const start = async (): Promise<void> => {
    const probe = `probe:${crypto.randomUUID()}`;
    try {
      unlisten = await db.listen(
        AUTH_CHANGED_CHANNEL,
        (payload) => {
          cache.clear();
          if (payload !== probe || stopped) return;
          clearTimeout(deaf);
          cache.setListening(true);
        },
        () => {
          clearTimeout(deaf);
          cache.setListening(false);
          log.warn(
            'lost the database connection that reports session changes: sessions are read on ' +
              'every request until it is back',
          );
          scheduleRetry();
        },
      );
      deaf = setTimeout(() => {
        log.warn(
          'session change notifications do not arrive (a transaction pooler between the server ' +
            'and PostgreSQL?): sessions are read on every request',
        );
        void unlisten?.().catch(() => {});
        unlisten = undefined;
      }, PROBE_TIMEOUT_MS);
      deaf.unref();
      await db.query('SELECT pg_notify($1, $2)', [AUTH_CHANGED_CHANNEL, probe]);
    } catch (e) {
      clearTimeout(deaf);
      // Listening may have worked and the probe failed: give the connection back before retrying.
      void unlisten?.().catch(() => {});
      unlisten = undefined;
      // While the database is away the driver has logged the outage; this tries again quietly.
      if (!isDatabaseUnavailable(e))
        log.warn({ err: e }, 'cannot listen for session changes: sessions are read on every request');
      scheduleRetry();
    }
  };

  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void start(), RELISTEN_MS);
    retry.unref();
  };

  if (cache.enabled) await start();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(deaf);
    cache.dispose();
    await unlisten?.();
  };
}
