import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http.js';
import { summaryResponseSchema, type CheckSummary } from './types.js';
import { healthKeys } from './keys.js';

/** All checks with their uptime and latency over the window (a short range such as '1h'). */
export async function fetchChecksSummary(window: string, signal?: AbortSignal): Promise<CheckSummary[]> {
  const body = await http('/api/canary/api/summary', { query: { window }, signal });
  return summaryResponseSchema.parse(body).checks_summary ?? [];
}

/** A summary request started before the page rendered (see `prefetchChecksSummary`). */
let early: { window: string; at: number; promise: Promise<CheckSummary[]> } | undefined;
const EARLY_MAX_AGE_MS = 10_000;

/**
 * Starts the summary request while the shell is still loading the session and the page's
 * code, so that on a large install the data is (nearly) there when the table mounts.
 */
export function prefetchChecksSummary(window: string): void {
  const promise = fetchChecksSummary(window);
  promise.catch(() => undefined); // the page's own query reports errors
  early = { window, at: Date.now(), promise };
}

function takeEarly(window: string): Promise<CheckSummary[]> | undefined {
  const e = early;
  early = undefined;
  return e && e.window === window && Date.now() - e.at < EARLY_MAX_AGE_MS ? e.promise : undefined;
}

/**
 * The dashboard's summary, refetched at the chosen refresh rate. TanStack Query passes an
 * AbortSignal, so a refetch that a newer one overtakes (or leaving the page) aborts it.
 */
export function useChecksSummary(window: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: healthKeys.summary(window),
    queryFn: ({ signal }) =>
      takeEarly(window)?.catch(() => fetchChecksSummary(window, signal)) ??
      fetchChecksSummary(window, signal),
    refetchInterval,
    placeholderData: (prev) => prev,
  });
}

/** One check's summary figures over the window. */
export function useCheckSummary(checkId: string, window: string) {
  return useQuery({
    queryKey: healthKeys.checkSummary(window, checkId),
    queryFn: async ({ signal }) => {
      const body = await http('/api/canary/api/summary', { query: { window, check_id: checkId }, signal });
      return summaryResponseSchema.parse(body).checks_summary?.[0] ?? null;
    },
  });
}
