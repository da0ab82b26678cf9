/** How long an early answer may wait for the page that takes it. */
const EARLY_MAX_AGE_MS = 10_000;

/**
 * One request a route starts alongside its page's code (before the page rendered), handed to
 * the page's own query when that asks for the same thing (`key`): the request is sent once.
 * A stale or different one is dropped and the page asks itself.
 */
export function earlyRequest<T>() {
  let early: { key: string; at: number; promise: Promise<T> } | undefined;
  return {
    start(key: string, promise: Promise<T>): void {
      promise.catch(() => undefined); // the page's own query reports errors
      early = { key, at: Date.now(), promise };
    },
    /** The early answer for `key`, once; a failed one makes way for a fresh request. */
    take(key: string, fetchAgain: () => Promise<T>): Promise<T> {
      const e = early;
      early = undefined;
      if (!e || e.key !== key || Date.now() - e.at >= EARLY_MAX_AGE_MS) return fetchAgain();
      return e.promise.catch(fetchAgain);
    },
  };
}
