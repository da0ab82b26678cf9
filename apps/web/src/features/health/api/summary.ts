import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http.js';
import { summaryResponseSchema } from './types.js';
import { healthKeys } from './keys.js';

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
