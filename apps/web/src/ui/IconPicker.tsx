import { createElement, useState } from 'react';
import { cn } from '../lib/cn.js';
import { iconForName, KNOWN_ICONS, NamedIcon } from './NamedIcon.js';

/** Icons whose name, or the names they are drawn for ('postgres' draws database), match the search. */
export function matchingIcons(query: string): typeof KNOWN_ICONS {
  const q = query.trim().toLowerCase();
  if (!q) return KNOWN_ICONS;
  const drawn = iconForName(q, undefined);
  return KNOWN_ICONS.filter((i) => i.name.includes(q) || i.icon === drawn);
}

/**
 * Picks a resource's icon from the ones NamedIcon draws: the chosen one on top, a search box and
 * a grid. A stored value outside the grid (an image address, an old free-text name) is kept
 * until another icon is picked.
 */
export function IconPicker({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  disabled?: boolean;
}) {
  const [query, setQuery] = useState('');
  const icons = matchingIcons(query);
  const chosen = value.trim().toLowerCase();
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-sm" aria-live="polite">
        {value ? <NamedIcon name={value} className="size-5 text-fg" /> : null}
        <span data-testid="chosen-icon">{value || 'No icon'}</span>
        {value && !disabled ? (
          <button
            type="button"
            className="ml-auto text-xs text-muted hover:underline"
            onClick={() => onChange('')}
          >
            Clear
          </button>
        ) : null}
      </div>
      <input
        className="input"
        type="search"
        aria-label="Search icons"
        placeholder="Search icons"
        disabled={disabled}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="grid max-h-40 grid-cols-6 gap-1 overflow-y-auto sm:grid-cols-8">
        {icons.map((i) => (
          <button
            key={i.name}
            type="button"
            aria-label={i.name}
            aria-pressed={chosen === i.name}
            title={i.name}
            disabled={disabled}
            onClick={() => onChange(i.name)}
            className={cn(
              'flex items-center justify-center rounded-md border border-transparent p-2 hover:bg-subtle',
              chosen === i.name && 'border-line bg-subtle',
            )}
          >
            {createElement(i.icon, { className: 'size-4', 'aria-hidden': true })}
          </button>
        ))}
      </div>
      {icons.length === 0 ? <p className="text-xs text-muted">No icons match</p> : null}
    </div>
  );
}
