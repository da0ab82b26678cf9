import { z } from 'zod';
import { readStored } from '../../../lib/storage.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { useStoredState } from '../../../lib/useStoredState.js';

const SORT_KEY = 'topology_sort';
const sortSchema = z.object({ sortBy: z.string().min(1), sortOrder: z.enum(['asc', 'desc']) });
export type SortChoice = z.infer<typeof sortSchema>;
const DEFAULT_SORT: SortChoice = { sortBy: 'status', sortOrder: 'desc' };

/** The tree filters a URL asks for, with the locally remembered sort as the fallback. */
export function filtersFrom(params: URLSearchParams, storedSort: SortChoice) {
  const orderParam = params.get('sortOrder');
  const pick = (k: string) => {
    const v = params.get(k);
    return v && v !== 'all' ? v : undefined;
  };
  return {
    status: pick('status'),
    type: pick('type'),
    team: pick('team'),
    labels: pick('labels'),
    agent_id: pick('agent_id'),
    sortBy: params.get('sortBy') ?? storedSort.sortBy,
    sortOrder: orderParam === 'asc' || orderParam === 'desc' ? orderParam : storedSort.sortOrder,
    hidden: params.get('showHiddenComponents') === 'yes',
  };
}

/** filtersFrom for the current address, outside React (the route's prefetch). */
export function filtersFromLocation(search: string) {
  return filtersFrom(new URLSearchParams(search), readStored(SORT_KEY, sortSchema, DEFAULT_SORT));
}

/** Filters live in the URL; the sort is remembered locally (default status descending). */
export function useTopologyParams() {
  const [params, setParams] = useUrlParams();
  const [storedSort, setStoredSort] = useStoredState(SORT_KEY, sortSchema, DEFAULT_SORT);
  return {
    params,
    setParams,
    filters: filtersFrom(params, storedSort),
    setSort(next: SortChoice) {
      setStoredSort(next);
      setParams({ sortBy: next.sortBy, sortOrder: next.sortOrder });
    },
  };
}
