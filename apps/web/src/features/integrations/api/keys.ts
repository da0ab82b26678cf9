import type { PaginationState, SortingState } from '@tanstack/react-table';

/** Every query key of the integrations area. */
export const integrationsKeys = {
  all: ['integrations'] as const,
  list: (search: string, sorting: SortingState, pagination: PaginationState) =>
    [...integrationsKeys.all, 'list', search, sorting, pagination] as const,
};
