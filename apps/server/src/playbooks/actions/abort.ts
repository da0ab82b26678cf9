/** Settles with `promise`, or rejects with the signal's reason first (running `cleanup`). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, cleanup?: () => void): Promise<T> {
  const reason = () => (signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  if (signal.aborted) {
    cleanup?.();
    promise.catch(() => {});
    return Promise.reject(reason());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup?.();
      reject(reason());
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
