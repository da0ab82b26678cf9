import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http.js';
import { summaryResponseSchema, type CheckSummary } from './types.js';

/** All checks with their uptime and latency over the window (a short range such as '1h'). */
export async function fetchChecksSummary(window: string, signal?: AbortSignal): Promise<CheckSummary[]> {
  const body = await http('/api/canary/api/summary', { query: { window }, signal });
  return summaryResponseSchema.parse(body).checks_summary ?? [];
}

/**
 * The dashboard's summary, refetched at the chosen refresh rate. TanStack Query passes an
 * AbortSignal, so a refetch that a newer one overtakes (or leaving the page) aborts it.
 */
export function useChecksSummary(window: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: ['health', 'summary', window],
    queryFn: ({ signal }) => fetchChecksSummary(window, signal),
    refetchInterval,
    placeholderData: (prev) => prev,
  });
}

/** One check's summary figures over the window. */
export function useCheckSummary(checkId: string, window: string) {
  return useQuery({
    queryKey: ['health', 'summary', window, checkId],
    queryFn: async ({ signal }) => {
      const body = await http('/api/canary/api/summary', { query: { window, check_id: checkId }, signal });
      return summaryResponseSchema.parse(body).checks_summary?.[0] ?? null;
    },
  });
}
