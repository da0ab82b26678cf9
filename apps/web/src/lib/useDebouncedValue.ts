import { useEffect, useState } from 'react';

/** Debounce delays (ms): filter search boxes, generic list search, option lookups. */
export const DEBOUNCE = { filter: 400, list: 300, option: 100 } as const;

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return debounced;
}
