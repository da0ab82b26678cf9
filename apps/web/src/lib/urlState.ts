import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamUpdate = Record<string, string | number | null | undefined>;

/**
 * URL query parameters as state. `set` merges the given keys; null/undefined/'' removes one.
 * Replaces the history entry so that typing in a filter does not flood the back button.
 */
export function useUrlParams(): [URLSearchParams, (update: ParamUpdate, opts?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (update: ParamUpdate, opts?: { push?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(update)) {
            if (v === null || v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: !opts?.push },
      );
    },
    [setParams],
  );
  return [params, set];
}
