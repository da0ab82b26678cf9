import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, Loader2, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { cn } from '../lib/cn.js';
import { DEBOUNCE, useDebouncedValue } from '../lib/useDebouncedValue.js';

export type Option = { value: string; label: string };

type MultiSelectProps = {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** Fixed options, filtered locally as the user types. */
  options?: Option[];
  /** Or: options searched on the server as the user types (nothing is shown before typing). */
  loadOptions?: (text: string, signal: AbortSignal) => Promise<Option[]>;
  /** Labels for selected values that are not among the loaded options. */
  lookupOptions?: (values: string[], signal: AbortSignal) => Promise<Option[]>;
  /** Search debounce: 300 ms for lists (default), DEBOUNCE.filter (400 ms) for filters. */
  debounceMs?: number;
  placeholder?: string;
};

/** Pick several values from a searchable list: search and option lookups debounced, shared empty texts. */
export function MultiSelect({
  label,
  value,
  onChange,
  options,
  loadOptions,
  lookupOptions,
  debounceMs = DEBOUNCE.list,
  placeholder = 'All',
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), debounceMs);
  const lookupKey = useDebouncedValue(value, DEBOUNCE.option);
  const listId = useId();

  const remote = useQuery({
    queryKey: ['multiselect', label, search],
    queryFn: ({ signal }) => (loadOptions ? loadOptions(search, signal) : Promise.resolve([])),
    enabled: Boolean(loadOptions) && open && search.length > 0,
  });
  const lookup = useQuery({
    queryKey: ['multiselect-lookup', label, lookupKey],
    queryFn: ({ signal }) => (lookupOptions ? lookupOptions(lookupKey, signal) : Promise.resolve([])),
    enabled: Boolean(lookupOptions) && lookupKey.length > 0,
  });

  const known = new Map<string, string>();
  for (const o of [...(options ?? []), ...(lookup.data ?? []), ...(remote.data ?? [])])
    known.set(o.value, o.label);
  const labelOf = (v: string) => known.get(v) ?? v;

  const shown: Option[] = loadOptions
    ? (remote.data ?? [])
    : (options ?? []).filter((o) => o.label.toLowerCase().includes(search.toLowerCase()));
  const waitingForText = Boolean(loadOptions) && text.trim().length === 0;
  const loading = Boolean(loadOptions) && (remote.isFetching || search !== text.trim());

  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="btn max-w-72 justify-between" aria-label={label}>
        <span className="text-muted">{label}:</span>
        <span className="truncate">
          {value.length === 0
            ? placeholder
            : value.length === 1
              ? labelOf(value[0] ?? '')
              : `${value.length} selected`}
        </span>
        <ChevronDown className="size-3.5 shrink-0 text-muted" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="menu w-72 p-0">
          <div className="flex items-center gap-1 border-b border-line p-1.5">
            <input
              autoFocus
              className="input h-7 border-0 focus-visible:outline-0"
              placeholder="Search…"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-label={`Search ${label}`}
              aria-controls={listId}
            />
            {loading && !waitingForText ? (
              <Loader2 className="size-4 animate-spin text-muted" aria-label="Loading" />
            ) : null}
          </div>
          {value.length > 0 ? (
            <div className="flex flex-wrap gap-1 border-b border-line p-1.5">
              {value.map((v) => (
                <span
                  key={v}
                  className="inline-flex items-center gap-1 rounded bg-subtle px-1.5 py-0.5 text-xs"
                >
                  {labelOf(v)}
                  <button
                    type="button"
                    aria-label={`Remove ${labelOf(v)}`}
                    onClick={() => toggle(v)}
                    className="text-muted hover:text-fg"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </span>
              ))}
            </div>
          ) : null}
          <div id={listId} role="listbox" aria-multiselectable className="max-h-64 overflow-y-auto p-1">
            {waitingForText ? (
              <p className="px-2 py-3 text-center text-muted">Start typing to search</p>
            ) : !loading && shown.length === 0 ? (
              <p className="px-2 py-3 text-center text-muted">No options found</p>
            ) : (
              shown.map((o) => {
                const selected = value.includes(o.value);
                return (
                  <div
                    key={o.value}
                    role="option"
                    aria-selected={selected}
                    tabIndex={0}
                    onClick={() => toggle(o.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        toggle(o.value);
                      }
                    }}
                    className="menu-item hover:bg-subtle focus-visible:bg-subtle"
                  >
                    <span
                      className={cn(
                        'flex size-4 items-center justify-center rounded border border-line',
                        selected && 'border-brand-600 bg-brand-600 text-white',
                      )}
                    >
                      {selected ? <Check className="size-3" aria-hidden /> : null}
                    </span>
                    <span className="truncate">{o.label}</span>
                  </div>
                );
              })
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
