import type { PaginationState, SortingState } from '@tanstack/react-table';

export const statusPageKeys = {
  all: ['status-pages'] as const,
  list: (sorting: SortingState, pagination: PaginationState) =>
    [...statusPageKeys.all, 'list', sorting, pagination] as const,
  one: (id: string) => [...statusPageKeys.all, 'one', id] as const,
  preview: (groups: string) => [...statusPageKeys.all, 'preview', groups] as const,
  public: (slug: string) => ['public-status', slug] as const,
};
