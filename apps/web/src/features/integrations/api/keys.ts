import type { ChartId } from '@opsdeck/shared';
import type { PaginationState, SortingState } from '@tanstack/react-table';

/** Every query key of the integrations area. */
export const integrationsKeys = {
  all: ['integrations'] as const,
  list: (search: string, sorting: SortingState, pagination: PaginationState) =>
    [...integrationsKeys.all, 'list', search, sorting, pagination] as const,
  chart: (id: ChartId) => [...integrationsKeys.all, 'chart', id] as const,
};
