import { useQuery } from '@tanstack/react-query';
import { fetchStripComponents } from './components.js';
import { incidentKeys } from './keys.js';

/** The strip's components; no call at all when there are no ids. */
export function useStripComponents(ids: string[]) {
  return useQuery({
    queryKey: incidentKeys.components(ids),
    queryFn: ({ signal }) => fetchStripComponents(ids, signal),
    enabled: ids.length > 0,
    meta: { silent: true },
  });
}
