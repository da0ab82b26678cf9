import { useQuery } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { cn } from '../../../lib/cn.js';
import type { PickOption } from '../api/runDialog.js';

type SearchPickerProps = {
  label: string;
  /** The chosen option, shown instead of the search box. */
  value: PickOption | undefined;
  onChange: (next: PickOption | undefined) => void;
  /** Distinguishes the cache of pickers over different lists. */
  cacheKey: readonly unknown[];
  load: (text: string, signal: AbortSignal) => Promise<PickOption[]>;
  disabled?: boolean;
};

/** Pick one item of a server-searched list (resources, teams, people); the first items show before typing. */
export function SearchPicker({
  label,
  value,
  onChange,
  cacheKey,
  load,
  disabled = false,
}: SearchPickerProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), DEBOUNCE.list);
  const listId = useId();
  const found = useQuery({
    queryKey: [...cacheKey, search],
    queryFn: ({ signal }) => load(search, signal),
    enabled: value === undefined,
    meta: { silent: true },
  });

  if (value)
    return (
      <div className="flex items-center gap-2 rounded-md border border-line px-2 py-1.5">
        <span className="truncate" data-testid="picked">
          {value.label}
        </span>
        {value.hint ? <span className="text-xs text-muted">{value.hint}</span> : null}
        {disabled ? null : (
          <button
            type="button"
            className="ml-auto text-muted hover:text-fg"
            aria-label={`Clear ${label}`}
            onClick={() => onChange(undefined)}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
    );

  const loading = found.isFetching || search !== text.trim();
  const options = found.data ?? [];
  return (
    <div className="flex flex-col rounded-md border border-line">
      <div className="flex items-center gap-1 border-b border-line px-1.5">
        <input
          className="input h-8 border-0 focus-visible:outline-0"
          placeholder="Search…"
          aria-label={label}
          aria-controls={listId}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
        />
        {loading ? <Loader2 className="size-4 animate-spin text-muted" aria-label="Loading" /> : null}
      </div>
      <div id={listId} role="listbox" aria-label={label} className="max-h-48 overflow-y-auto p-1">
        {!loading && options.length === 0 ? (
          <p className="px-2 py-3 text-center text-muted">No options found</p>
        ) : (
          options.map((o) => (
            <div
              key={o.value}
              role="option"
              aria-selected={false}
              tabIndex={0}
              onClick={() => onChange(o)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onChange(o);
                }
              }}
              className={cn('menu-item hover:bg-subtle focus-visible:bg-subtle')}
            >
              <span className="truncate">{o.label}</span>
              {o.hint ? <span className="ml-auto text-xs text-muted">{o.hint}</span> : null}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
