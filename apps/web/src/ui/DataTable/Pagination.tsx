import { useId, useState } from 'react';
import { PAGE_SIZES } from './tableUrlState.js';

type PaginationProps = {
  pageIndex: number;
  pageSize: number;
  /** Unknown when the total is not known. */
  pageCount: number | undefined;
  totalEntries: number | undefined;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The sizes offered; every table's list unless a page has its own (agents: 50, 100, 200). */
  sizes?: readonly number[] | undefined;
};

/** '<< Previous', 'Page X of Y', 'Next >>', go to page and page size. */
export function Pagination({
  pageIndex,
  pageSize,
  pageCount,
  totalEntries,
  onPageChange,
  onPageSizeChange,
  sizes: offered = PAGE_SIZES,
}: PaginationProps) {
  const [goTo, setGoTo] = useState('');
  const goToId = useId();
  const canNext = pageCount === undefined ? true : pageIndex + 1 < pageCount;
  const jump = () => {
    const n = Number.parseInt(goTo, 10);
    if (!Number.isFinite(n)) return;
    const max = pageCount ?? Number.MAX_SAFE_INTEGER;
    onPageChange(Math.min(Math.max(n, 1), Math.max(max, 1)) - 1);
    setGoTo('');
  };
  const sizes: number[] = offered.includes(pageSize)
    ? [...offered]
    : [...offered, pageSize].sort((a, b) => a - b);
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-t border-line px-3 py-2 text-[13px]"
      aria-label="Pagination"
      role="navigation"
    >
      {totalEntries !== undefined ? (
        <span className="text-muted">{totalEntries.toLocaleString('en')} total</span>
      ) : null}
      <div className="flex-1" />
      <button
        type="button"
        className="btn h-7"
        disabled={pageIndex === 0}
        onClick={() => onPageChange(pageIndex - 1)}
      >
        {'<< Previous'}
      </button>
      <span className="px-1 tabular-nums" data-testid="page-status">
        {pageCount === undefined
          ? `Page ${pageIndex + 1}`
          : `Page ${pageIndex + 1} of ${Math.max(pageCount, 1)}`}
      </span>
      <button
        type="button"
        className="btn h-7"
        disabled={!canNext}
        onClick={() => onPageChange(pageIndex + 1)}
      >
        {'Next >>'}
      </button>
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          jump();
        }}
      >
        <label className="text-muted" htmlFor={goToId}>
          Go to page
        </label>
        <input
          id={goToId}
          className="input h-7 w-14"
          inputMode="numeric"
          value={goTo}
          onChange={(e) => setGoTo(e.target.value.replace(/\D/g, ''))}
        />
      </form>
      <label className="flex items-center gap-1 text-muted">
        Page size
        <select
          className="input h-7 w-20"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          aria-label="Page size"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
