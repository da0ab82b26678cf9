import type { PaginationState, SortingState } from '@tanstack/react-table';
import type { ConfigListQuery, SummaryQuery } from '../api/catalog.js';
import { parseLabels, type CatalogParams } from './catalogParams.js';

/** The flat list's page size and sort while the URL names none. */
export const LIST_DEFAULTS = { pageSize: 50, sortBy: 'type', sortDesc: false } as const;

/**
 * The catalog page's two server queries from its URL and preferences. The page and the early
 * request of its route (api/firstPage.ts) both build them here, so they ask the same.
 */
export function summaryQueryOf(params: CatalogParams, hideDeleted: boolean): SummaryQuery {
  return {
    groupBy: params.groupBy,
    labels: parseLabels(params.labels),
    status: params.status,
    health: params.health,
    hideDeleted,
  };
}

export function listQueryOf(
  params: CatalogParams,
  table: { pagination: PaginationState; sorting: SortingState },
  hideDeleted: boolean,
): ConfigListQuery {
  const sort = table.sorting[0] ?? { id: 'type', desc: false };
  return {
    configType: params.configType,
    search: params.search,
    labels: parseLabels(params.labels),
    status: params.status,
    health: params.health,
    hideDeleted,
    sortBy: sort.id,
    sortDesc: sort.desc,
    pageIndex: table.pagination.pageIndex,
    pageSize: table.pagination.pageSize,
  };
}
