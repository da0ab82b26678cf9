import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { InfiniteRows } from './DataTable.js';

/** Infinite lists load 50 rows a page (docs/catalog.md, "Infinite lists"). */
export const INFINITE_PAGE_SIZE = 50;

/** One page of a server-paged list: its rows and, when the server counted them, the total. */
export type RowsPage<T> = { data: T[]; totalEntries: number | undefined };

/** Rows already loaded; no next page once a page came back short or the total is reached. */
function nextOffset<T>(pages: RowsPage<T>[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length < INFINITE_PAGE_SIZE) return undefined;
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  const total = pages[0]?.totalEntries;
  return total !== undefined && loaded >= total ? undefined : loaded;
}

/**
 * A server-paged list read page by page (TanStack Query's useInfiniteQuery) for DataTable's
 * infinite mode: `rows` is every page loaded so far, `infinite` goes to the table.
 * `fetchPage` reads `limit` rows from `offset`.
 */
export function useInfiniteRows<T>({
  queryKey,
  fetchPage,
  silent = false,
}: {
  queryKey: QueryKey;
  fetchPage: (range: { offset: number; limit: number }, signal: AbortSignal) => Promise<RowsPage<T>>;
  /** The page shows the error itself (meta.silent: no toast). */
  silent?: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ offset: pageParam, limit: INFINITE_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    ...(silent ? { meta: { silent: true } } : {}),
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.data) ?? [], [data]);
  const infinite = useMemo<InfiniteRows>(
    () => ({
      hasMore: hasNextPage,
      loadingMore: isFetchingNextPage,
      // A second call while a page loads is ignored rather than restarting it.
      onLoadMore: () => void fetchNextPage({ cancelRefetch: false }),
    }),
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  return { query, rows, infinite, totalEntries: data?.pages[0]?.totalEntries };
}
