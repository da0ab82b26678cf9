import {
  useTable,
  type ExpandedState,
  type Header,
  type Row,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { titleIfClipped } from './clippedTitle.js';
import { useColumnSizes } from './columnSizes.js';
import { dataTableFeatures, type DataTableColumns, type DataTableFeatures } from './features.js';
import { Pagination } from './Pagination.js';
import { useTableUrlState, type TableUrlDefaults } from './tableUrlState.js';

/** Virtual rows: estimated height and overscan. */
export const ROW_ESTIMATE = 35;
export const OVERSCAN = 10;
export const EMPTY_TEXT = 'No data available';
/** Infinite lists (docs/catalog.md): rows are estimated 45 px high, the next page loads 300 px before the end. */
export const INFINITE_ROW_ESTIMATE = 45;
export const LOAD_MORE_DISTANCE = 300;

/** An infinite list's next page: whether one exists, whether it is loading, and how to ask for it. */
export type InfiniteRows = {
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

export type DataTableProps<T extends RowData> = {
  /** Names the table in localStorage (column widths). */
  id: string;
  columns: DataTableColumns<T>;
  data: T[];
  /** URL parameter prefix for page, size and sort; pages reading the state use the same one. */
  urlPrefix?: string;
  defaults?: TableUrlDefaults;
  /** Server-side sorting and paging: `data` is already the current page. */
  manual?: boolean;
  /** Total rows on the server (manual mode). */
  totalEntries?: number | undefined;
  /** Show the pagination bar (ignored in virtual mode). */
  pagination?: boolean;
  /** Page sizes the pagination bar offers (default PAGE_SIZES). */
  pageSizes?: readonly number[];
  /** Virtualised rows; reaching the end doubles the page size. */
  virtual?: boolean;
  /**
   * Virtual mode with rows of varying height (wrapped log lines): their estimated height; each
   * drawn row is then measured. Without it rows are the fixed ROW_ESTIMATE high.
   */
  rowEstimate?: number;
  /**
   * An infinite list: `data` is every page loaded so far (server-sorted and paged), the rows
   * are virtual, and scrolling to within LOAD_MORE_DISTANCE of the end loads the next page.
   * No pagination bar; with `manual` a header click sorts on the server (the page reads the
   * sort from the URL and loads again from the first page), without it no header sorts.
   */
  infinite?: InfiniteRows;
  /** Client-side grouping by these column ids. */
  groupBy?: string[];
  loading?: boolean;
  onRowClick?: (row: T) => void;
  getRowId?: (row: T, index: number) => string;
  emptyText?: ReactNode;
  className?: string;
};

const STABLE_EMPTY: string[] = [];

function updated<S>(u: Updater<S>, prev: S): S {
  return typeof u === 'function' ? (u as (p: S) => S)(prev) : u;
}

/** Whether a scroll box's end is within LOAD_MORE_DISTANCE of what it shows. */
function nearEnd(el: HTMLElement | null): boolean {
  return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_DISTANCE;
}

function SortIcon({ dir }: { dir: false | 'asc' | 'desc' }) {
  if (dir === 'asc') return <ArrowUp className="size-3 shrink-0" aria-hidden />;
  if (dir === 'desc') return <ArrowDown className="size-3 shrink-0" aria-hidden />;
  return <ArrowUpDown className="size-3 shrink-0 opacity-0 group-hover:opacity-40" aria-hidden />;
}

/**
 * The first column stays in view while a wide table scrolls sideways (phones); it needs an
 * opaque background so the cells passing under it do not show through.
 */
const STICKY_FIRST = 'sticky left-0 z-[1]';

function HeaderCell<T extends RowData>({
  header,
  table,
  first,
}: {
  header: Header<DataTableFeatures, T>;
  table: ReturnType<typeof useTable<DataTableFeatures, T>>;
  first: boolean;
}) {
  const canSort = header.column.getCanSort();
  const dir = header.column.getIsSorted();
  const content = header.isPlaceholder ? null : (
    <span className="truncate">
      <table.FlexRender header={header} />
    </span>
  );
  // A narrow column cuts its header off; the tooltip still names it.
  const label = header.column.columnDef.header;
  return (
    <th
      scope="col"
      style={{ width: header.getSize() }}
      title={typeof label === 'string' ? label : undefined}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
      className={cn(
        'group h-9 overflow-hidden border-b border-line bg-subtle px-3 text-left text-[11px] font-semibold tracking-wide whitespace-nowrap text-muted uppercase',
        first ? STICKY_FIRST : 'relative',
      )}
    >
      {canSort ? (
        <button
          type="button"
          className="inline-flex max-w-full items-center gap-1 uppercase hover:text-fg"
          onClick={header.column.getToggleSortingHandler()}
        >
          {content}
          <SortIcon dir={dir} />
        </button>
      ) : (
        content
      )}
      {header.column.getCanResize() ? (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label="Resize column"
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => header.column.resetSize()}
          className={cn(
            'absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-brand-500/40',
            header.column.getIsResizing() && 'bg-brand-500',
          )}
        />
      ) : null}
    </th>
  );
}

/**
 * The one table of the app: sorting (client or server), grouping, pagination or virtual
 * rows, resizable columns remembered per table, and page/size/sort in the URL.
 */
export function DataTable<T extends RowData>({
  id,
  columns,
  data,
  urlPrefix = '',
  defaults,
  manual = false,
  totalEntries,
  pagination: showPagination = true,
  pageSizes,
  virtual = false,
  rowEstimate,
  infinite,
  groupBy = STABLE_EMPTY,
  loading = false,
  onRowClick,
  getRowId,
  emptyText = EMPTY_TEXT,
  className,
}: DataTableProps<T>) {
  const url = useTableUrlState(urlPrefix, defaults);
  const [columnSizing, setColumnSizing] = useColumnSizes(id);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const paged = infinite === undefined && (showPagination || virtual);
  const virtualRows = virtual || infinite !== undefined;
  const estimate = rowEstimate ?? (infinite ? INFINITE_ROW_ESTIMATE : undefined);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    ...(getRowId ? { getRowId } : {}),
    state: {
      sorting: url.sorting,
      pagination: paged ? url.pagination : { pageIndex: 0, pageSize: Math.max(data.length, 1) },
      grouping: groupBy,
      expanded,
      columnSizing,
    },
    onSortingChange: (u) => url.setSorting(updated(u, url.sorting)),
    onPaginationChange: (u) => url.setPagination(updated(u, url.pagination)),
    onExpandedChange: (u) => setExpanded((prev) => updated(u, prev)),
    onColumnSizingChange: (u) => setColumnSizing(updated(u, columnSizing)),
    manualSorting: manual,
    // Sorting the rows of an infinite list loaded so far would mislead: only the server sorts it.
    ...(infinite && !manual ? { enableSorting: false } : {}),
    manualPagination: manual || !paged,
    ...(manual && totalEntries !== undefined ? { rowCount: totalEntries } : {}),
    autoResetPageIndex: false,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    defaultColumn: { size: 160, minSize: 60, maxSize: 1200 },
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's functions are not memoisable; React Compiler skips this component (as intended).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate ?? ROW_ESTIMATE,
    overscan: OVERSCAN,
    enabled: virtualRows,
    initialRect: { width: 0, height: 600 },
  });

  // Virtual mode: when the last row comes into view and more exist, double the page size.
  const items = virtualRows ? virtualizer.getVirtualItems() : [];
  const lastVisible = items.at(-1)?.index ?? -1;
  const available = manual ? (totalEntries ?? 0) : table.getPrePaginatedRowModel().rows.length;
  const { pageSize } = url.pagination;
  const setPagination = url.setPagination;
  useEffect(() => {
    if (!virtual || loading || rows.length === 0) return;
    if (lastVisible >= rows.length - 1 && available > pageSize)
      setPagination({ pageIndex: 0, pageSize: pageSize * 2 });
  }, [virtual, loading, lastVisible, rows.length, available, pageSize, setPagination]);

  // Infinite mode: the next page loads once the end is within LOAD_MORE_DISTANCE, on a scroll
  // or when the rows loaded so far do not fill the box.
  const wantsMore = infinite !== undefined && infinite.hasMore && !infinite.loadingMore && rows.length > 0;
  const onLoadMore = infinite?.onLoadMore;
  const loadMoreIfNearEnd = () => {
    if (wantsMore && nearEnd(scrollRef.current)) onLoadMore?.();
  };
  useEffect(() => {
    if (wantsMore && nearEnd(scrollRef.current)) onLoadMore?.();
  }, [wantsMore, onLoadMore, rows.length]);

  const colCount = table.getAllLeafColumns().length;
  const renderRow = (row: Row<DataTableFeatures, T>, style?: CSSProperties, index?: number) => {
    if (row.getIsGrouped()) {
      const groupCell = row.getAllCells().find((c) => c.getIsGrouped());
      return (
        <tr key={row.id} style={style} data-index={index} className="bg-subtle/60">
          <td colSpan={colCount} className="h-[35px] border-b border-line px-3">
            <button
              type="button"
              onClick={row.getToggleExpandedHandler()}
              className="inline-flex items-center gap-1.5 font-semibold"
              aria-expanded={row.getIsExpanded()}
            >
              <ChevronRight
                className={cn('size-3.5 transition-transform', row.getIsExpanded() && 'rotate-90')}
                aria-hidden
              />
              {groupCell ? <table.FlexRender cell={groupCell} /> : String(row.groupingValue ?? '')}
              <span className="rounded-full bg-surface px-1.5 text-[11px] font-medium text-muted">
                {row.subRows.length}
              </span>
            </button>
          </td>
        </tr>
      );
    }
    return (
      <tr
        key={row.id}
        style={style}
        data-index={index}
        ref={virtualRows && estimate ? virtualizer.measureElement : undefined}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
        onKeyDown={
          onRowClick
            ? (e) => {
                if (e.key === 'Enter') onRowClick(row.original);
              }
            : undefined
        }
        tabIndex={onRowClick ? 0 : undefined}
        className={cn(
          'group/row border-b border-line last:border-b-0',
          onRowClick && 'cursor-pointer hover:bg-subtle focus-visible:bg-subtle',
        )}
      >
        {row.getAllCells().map((cell, i) => (
          <td
            key={cell.id}
            style={{ width: cell.column.getSize() }}
            className={cn(
              'h-[35px] max-w-0 truncate px-3 py-1.5',
              i === 0 && [
                STICKY_FIRST,
                'bg-surface',
                onRowClick && 'group-hover/row:bg-subtle group-focus-visible/row:bg-subtle',
              ],
            )}
            onMouseEnter={titleIfClipped}
          >
            {cell.getIsPlaceholder() ? null : <table.FlexRender cell={cell} />}
          </td>
        ))}
      </tr>
    );
  };

  const padTop = items[0]?.start ?? 0;
  const padBottom =
    virtualRows && items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const pageCount = manual
    ? totalEntries === undefined
      ? undefined
      : Math.ceil(totalEntries / pageSize)
    : table.getPageCount();

  return (
    <div className={cn('card flex min-h-0 flex-col overflow-hidden', className)}>
      {/* Focusable, so a keyboard scrolls a wide or long table whose rows hold no control. */}
      <div
        ref={scrollRef}
        className={cn(
          'relative min-h-0 flex-1 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600',
          // The empty state is as wide as this box (100cqw), not as the table's columns.
          rows.length === 0 && '@container',
        )}
        tabIndex={0}
        role="region"
        aria-label="Table"
        onScroll={infinite ? loadMoreIfNearEnd : undefined}
      >
        <table
          className="w-full table-fixed border-separate border-spacing-0 text-[13px]"
          style={{ minWidth: table.getTotalSize() }}
        >
          <thead className="sticky top-0 z-10">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h, i) => (
                  <HeaderCell key={h.id} header={h} table={table} first={i === 0} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="p-0 text-muted">
                  {/* Held in view at the left of a table wider than the screen (a phone). */}
                  <div
                    className="sticky left-0 flex h-28 w-[100cqw] items-center justify-center px-3 text-center"
                    data-testid="table-empty"
                  >
                    {loading ? <Loader2 className="size-5 animate-spin" aria-label="Loading" /> : emptyText}
                  </div>
                </td>
              </tr>
            ) : virtualRows ? (
              <>
                {padTop > 0 ? <tr style={{ height: padTop }} aria-hidden /> : null}
                {items.map((item) => {
                  const row = rows[item.index];
                  return row ? renderRow(row, undefined, item.index) : null;
                })}
                {padBottom > 0 ? <tr style={{ height: padBottom }} aria-hidden /> : null}
                {infinite?.loadingMore ? (
                  <tr>
                    <td colSpan={colCount} className="p-0 text-muted">
                      <div className="sticky left-0 flex h-10 items-center gap-2 px-3" role="status">
                        <Loader2 className="size-4 animate-spin" aria-hidden />
                        Loading more…
                      </div>
                    </td>
                  </tr>
                ) : null}
              </>
            ) : (
              rows.map((r) => renderRow(r))
            )}
          </tbody>
        </table>
        {loading && rows.length > 0 ? (
          <div
            className="pointer-events-none absolute inset-x-0 top-9 h-0.5 animate-pulse bg-brand-500"
            aria-label="Loading"
          />
        ) : null}
      </div>
      {showPagination && !virtualRows ? (
        <Pagination
          pageIndex={url.pagination.pageIndex}
          pageSize={pageSize}
          pageCount={pageCount}
          totalEntries={manual ? totalEntries : table.getPrePaginatedRowModel().rows.length}
          onPageChange={(i) => url.setPagination({ pageIndex: i, pageSize })}
          onPageSizeChange={(s) => url.setPagination({ pageIndex: 0, pageSize: s })}
          sizes={pageSizes}
        />
      ) : null}
    </div>
  );
}
