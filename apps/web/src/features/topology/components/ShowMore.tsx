import { useState, type ReactNode } from 'react';

/** The first `limit` items, then a 'Show more' button revealing the rest (max height 200px). */
export function ShowMore({ items, limit }: { items: ReactNode[]; limit: number }) {
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, limit);
  return (
    <div className="max-h-[200px] overflow-y-auto">
      {shown}
      {items.length > limit && (
        <button
          type="button"
          className="mt-1 text-xs font-medium text-brand-600 hover:underline"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
