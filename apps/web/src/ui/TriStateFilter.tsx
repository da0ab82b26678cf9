import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn.js';
import { toggleTriState, type TriState, type TriStateMap } from './triState.js';

type TriStateFilterProps = {
  label: string;
  options: Array<{ value: string; label?: string; count?: number }>;
  value: TriStateMap;
  onChange: (next: TriStateMap) => void;
  /** Show a search box above long lists. */
  searchable?: boolean;
};

/** A list of values, each included (+), excluded (−) or neither; the same choice again clears it. */
export function TriStateFilter({
  label,
  options,
  value,
  onChange,
  searchable = options.length > 8,
}: TriStateFilterProps) {
  const [text, setText] = useState('');
  const set = (v: string, chosen: 1 | -1) => {
    const next: TriState = toggleTriState(value[v], chosen);
    const copy = { ...value };
    if (next === 0) delete copy[v];
    else copy[v] = next;
    onChange(copy);
  };
  const shown = options.filter((o) => (o.label ?? o.value).toLowerCase().includes(text.toLowerCase()));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-semibold text-muted">{label}</legend>
      {searchable ? (
        <input
          className="input mb-1 h-7"
          placeholder="Filter…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={`Filter ${label}`}
        />
      ) : null}
      {shown.map((o) => {
        const state = value[o.value] ?? 0;
        const name = o.label ?? o.value;
        return (
          <div
            key={o.value}
            className="group flex h-7 items-center gap-1 rounded px-1 hover:bg-subtle"
            data-state={state}
          >
            <span
              className={cn(
                'flex-1 truncate',
                state === 1 && 'font-semibold text-brand-700 dark:text-brand-100',
                state === -1 && 'text-muted line-through',
              )}
            >
              {name}
            </span>
            {o.count !== undefined ? <span className="text-[11px] text-muted">{o.count}</span> : null}
            <button
              type="button"
              aria-label={`Include ${name}`}
              aria-pressed={state === 1}
              onClick={() => set(o.value, 1)}
              className={cn(
                'rounded p-0.5 text-muted hover:bg-surface hover:text-fg',
                state === 1 && 'bg-brand-600 text-white hover:bg-brand-700 hover:text-white',
              )}
            >
              <Plus className="size-3.5" aria-hidden />
            </button>
            <button
              type="button"
              aria-label={`Exclude ${name}`}
              aria-pressed={state === -1}
              onClick={() => set(o.value, -1)}
              className={cn(
                'rounded p-0.5 text-muted hover:bg-surface hover:text-fg',
                state === -1 && 'bg-red-600 text-white hover:bg-red-700 hover:text-white',
              )}
            >
              <Minus className="size-3.5" aria-hidden />
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
