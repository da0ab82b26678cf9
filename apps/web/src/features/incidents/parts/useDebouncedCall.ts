import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `fn` with the last value once calls have stopped for `delay` ms. A call still waiting
 * when the component goes away is made then, so an edit is never lost.
 */
export function useDebouncedCall<T>(fn: (value: T) => void, delay: number): (value: T) => void {
  const fnRef = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | undefined>(undefined);
  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current) fnRef.current(pending.current.value);
    },
    [],
  );
  return useCallback(
    (value: T) => {
      clearTimeout(timer.current);
      pending.current = { value };
      timer.current = setTimeout(() => {
        pending.current = undefined;
        fnRef.current(value);
      }, delay);
    },
    [delay],
  );
}
