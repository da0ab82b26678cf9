import type { SortingState } from '@tanstack/react-table';

/** Every query key of the connections area; `all` reaches them all (a save refreshes the list and the editor). */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...connectionKeys.all, 'list', pageIndex, pageSize, sorting] as const,
  detail: (id: string) => [...connectionKeys.all, 'detail', id] as const,
};
