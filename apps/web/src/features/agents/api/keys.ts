import type { SortingState } from '@tanstack/react-table';

/** Every query key of the agents area; `all` reaches them all (a save refreshes list and editor). */
export const agentKeys = {
  all: ['agents'] as const,
  list: (pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...agentKeys.all, 'list', pageIndex, pageSize, sorting] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
};
