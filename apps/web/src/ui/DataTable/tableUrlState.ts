import type { PaginationState, SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../lib/urlState.js';

/** Page sizes every paged table offers. */
export const PAGE_SIZES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type TableUrlDefaults = { pageSize?: number; sortBy?: string; sortDesc?: boolean };

export function tableParamKeys(prefix = '') {
  return {
    pageIndex: `${prefix}pageIndex`,
    pageSize: `${prefix}pageSize`,
    sortBy: `${prefix}sortBy`,
    sortOrder: `${prefix}sortOrder`,
  };
}

function intParam(v: string | null, fallback: number, min: number): number {
  const n = v === null ? Number.NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) && n >= min ? n : fallback;
}

export type TableUrlState = {
  pagination: PaginationState;
  sorting: SortingState;
  setPagination: (next: PaginationState) => void;
  setSorting: (next: SortingState) => void;
};

/** Page and sort of a table as its URL says (what the first request of a page asks for). */
export function readTableUrlState(
  params: URLSearchParams,
  prefix = '',
  defaults: TableUrlDefaults = {},
): { pagination: PaginationState; sorting: SortingState } {
  const k = tableParamKeys(prefix);
  const pageIndex = intParam(params.get(k.pageIndex), 0, 0);
  const pageSize = intParam(params.get(k.pageSize), defaults.pageSize ?? DEFAULT_PAGE_SIZE, 1);
  const sortBy = params.get(k.sortBy) ?? defaults.sortBy;
  const sortOrder = params.get(k.sortOrder) ?? (defaults.sortDesc ? 'desc' : 'asc');
  return {
    pagination: { pageIndex, pageSize },
    sorting: sortBy ? [{ id: sortBy, desc: sortOrder === 'desc' }] : [],
  };
}

/**
 * Page, size and sort of a table, kept in the URL under a per-table prefix, so that a
 * link or a reload shows the same page. Pages read it too, to build their server queries.
 */
export function useTableUrlState(prefix = '', defaults: TableUrlDefaults = {}): TableUrlState {
  const [params, setParams] = useUrlParams();
  const k = tableParamKeys(prefix);
  const defaultSize = defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  const read = readTableUrlState(params, prefix, defaults);
  const { pageIndex, pageSize } = read.pagination;
  const sort = read.sorting[0];
  const sortBy = sort?.id;
  const sortDesc = sort?.desc;

  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const sorting = useMemo<SortingState>(
    () => (sortBy ? [{ id: sortBy, desc: sortDesc === true }] : []),
    [sortBy, sortDesc],
  );

  const setPagination = useCallback(
    (next: PaginationState) =>
      setParams({
        [k.pageIndex]: next.pageIndex === 0 ? null : next.pageIndex,
        [k.pageSize]: next.pageSize === defaultSize ? null : next.pageSize,
      }),
    [setParams, k.pageIndex, k.pageSize, defaultSize],
  );
  const setSorting = useCallback(
    (next: SortingState) => {
      const first = next[0];
      // A new sort starts again at the first page.
      setParams({
        [k.sortBy]: first ? first.id : '',
        [k.sortOrder]: first ? (first.desc ? 'desc' : 'asc') : '',
        [k.pageIndex]: null,
      });
    },
    [setParams, k.sortBy, k.sortOrder, k.pageIndex],
  );
  return { pagination, sorting, setPagination, setSorting };
}
