import { type CheckLocationsAnswer, checkLocationsAnswerSchema } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http.js';
import { healthKeys } from './keys.js';

/** How often an open panel reads a located check's locations again (agents push every few seconds). */
export const LOCATIONS_REFRESH_MS = 15_000;

/**
 * A located check's quorum and each location's latest result; `{located: false}` for the others.
 * Read again while shown, for located checks only, so the rows follow the check's status.
 */
export function useCheckLocations(checkId: string) {
  return useQuery<CheckLocationsAnswer>({
    queryKey: healthKeys.locations(checkId),
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.located ? LOCATIONS_REFRESH_MS : false),
    queryFn: async ({ signal }) =>
      checkLocationsAnswerSchema.parse(
        await http(`/api/canary/check/${encodeURIComponent(checkId)}/locations`, { signal }),
      ),
  });
}
