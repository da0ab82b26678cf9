/** Why `signal` fired: its reason when that is an Error (a timeout's message), else a plain "aborted". */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/**
 * Settles with `promise`, or rejects once `signal` fires, whichever comes first: for awaits that
 * cannot be cancelled themselves (a DNS lookup, a client library's call). `cleanup` closes what
 * the promise was waiting on (a socket, a client), so it settles too; `error` is what to reject
 * with instead of the signal's reason. A rejection of `promise` after the signal fired is
 * ignored (never an unhandled rejection).
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  cleanup?: () => void,
  error: (signal: AbortSignal) => Error = abortReason,
): Promise<T> {
  if (signal.aborted) {
    cleanup?.();
    promise.catch(() => {});
    return Promise.reject(error(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup?.();
      reject(error(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Waits `ms`, or less when `signal` fires first; resolves either way (the caller looks at the signal). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal.aborted) done();
    else signal.addEventListener('abort', done, { once: true });
  });
}
