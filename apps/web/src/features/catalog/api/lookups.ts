import { useQuery } from '@tanstack/react-query';
import {
  CONFIG_CACHE,
  fetchChangeTypes,
  fetchConfigStatuses,
  fetchConfigTypes,
  fetchKeyValues,
} from './catalog.js';
import { catalogKeys } from './keys.js';

/** `enabled: false` holds a list back until the screen needs it (at 100k items they cost). */
type LookupOptions = { enabled?: boolean };

/** A hook for one of the catalog's filter option lists, cached 5 minutes. */
function lookupHook<T>(view: string, fetch: (signal: AbortSignal) => Promise<T>) {
  return function useLookup(options: LookupOptions = {}) {
    return useQuery({
      queryKey: catalogKeys.lookup(view),
      queryFn: ({ signal }) => fetch(signal),
      ...CONFIG_CACHE,
      ...options,
    });
  };
}

export const useConfigTypes = lookupHook('config_types', fetchConfigTypes);
export const useConfigStatuses = lookupHook('config_statuses', fetchConfigStatuses);
export const useChangeTypes = lookupHook('change_types', fetchChangeTypes);
export const useConfigTags = lookupHook('config_tags', (s) => fetchKeyValues('config_tags', s));
export const useConfigLabels = lookupHook('config_labels', (s) => fetchKeyValues('config_labels', s));
