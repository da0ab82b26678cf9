import { checkLocationsAnswerSchema } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http.js';
import { healthKeys } from './keys.js';

/** A located check's quorum and each location's latest result; `{located: false}` for the others. */
export function useCheckLocations(checkId: string) {
  return useQuery({
    queryKey: healthKeys.locations(checkId),
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      checkLocationsAnswerSchema.parse(
        await http(`/api/canary/check/${encodeURIComponent(checkId)}/locations`, { signal }),
      ),
  });
}
