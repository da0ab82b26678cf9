import type { SortingState } from '@tanstack/react-table';
import type { IncidentFilters } from '../lib/filters.js';

/** Every query key of the incidents area; `all` reaches them all (a change refreshes every list). */
export const incidentKeys = {
  all: ['incidents'] as const,
  list: (filters: IncidentFilters, pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...incidentKeys.all, 'list', filters, pageIndex, pageSize, sorting] as const,
  owners: () => [...incidentKeys.all, 'owners'] as const,
  detail: (id: string) => [...incidentKeys.all, 'detail', id] as const,
  histories: (id: string) => [...incidentKeys.all, 'histories', id] as const,
  evidences: (id: string) => [...incidentKeys.all, 'evidences', id] as const,
  components: (ids: string[]) => [...incidentKeys.all, 'components', ids] as const,
};
