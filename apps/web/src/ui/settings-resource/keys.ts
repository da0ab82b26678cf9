import type { PaginationState, SortingState } from '@tanstack/react-table';

/** Every query key of the generic settings pages; `table(t)` reaches all of one table's. */
export const settingsResourceKeys = {
  all: ['settings-resource'] as const,
  table: (table: string) => [...settingsResourceKeys.all, table] as const,
  list: (table: string, sorting: SortingState, pagination: PaginationState) =>
    [...settingsResourceKeys.table(table), 'list', sorting, pagination] as const,
  row: (table: string, id: string) => [...settingsResourceKeys.table(table), 'row', id] as const,
  jobs: (table: string, id: string) => [...settingsResourceKeys.table(table), 'jobs', id] as const,
};
