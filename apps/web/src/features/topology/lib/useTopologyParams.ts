import { z } from 'zod';
import { useUrlParams } from '../../../lib/urlState.js';
import { useStoredState } from '../../../lib/useStoredState.js';

const sortSchema = z.object({ sortBy: z.string().min(1), sortOrder: z.enum(['asc', 'desc']) });
export type SortChoice = z.infer<typeof sortSchema>;
const DEFAULT_SORT: SortChoice = { sortBy: 'status', sortOrder: 'desc' };

/** Filters live in the URL; the sort is remembered locally (spec 2: default status descending). */
export function useTopologyParams() {
  const [params, setParams] = useUrlParams();
  const [storedSort, setStoredSort] = useStoredState('topology_sort', sortSchema, DEFAULT_SORT);
  const sortBy = params.get('sortBy') ?? storedSort.sortBy;
  const orderParam = params.get('sortOrder');
  const sortOrder: 'asc' | 'desc' =
    orderParam === 'asc' || orderParam === 'desc' ? orderParam : storedSort.sortOrder;
  const pick = (k: string) => {
    const v = params.get(k);
    return v && v !== 'all' ? v : undefined;
  };
  return {
    params,
    setParams,
    filters: {
      status: pick('status'),
      type: pick('type'),
      team: pick('team'),
      labels: pick('labels'),
      agent_id: pick('agent_id'),
      sortBy,
      sortOrder,
      hidden: params.get('showHiddenComponents') === 'yes',
    },
    setSort(next: SortChoice) {
      setStoredSort(next);
      setParams({ sortBy: next.sortBy, sortOrder: next.sortOrder });
    },
  };
}
