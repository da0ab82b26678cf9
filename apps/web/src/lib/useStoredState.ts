import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { readStored, writeStored } from './storage.js';

/** useState remembered in localStorage under `key`. */
export function useStoredState<T>(key: string, schema: z.ZodType<T>, fallback: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, schema, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, set];
}
