import { ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { TriStateFilter } from './TriStateFilter.js';
import type { TriStateMap } from './triState.js';

type TriStateMenuProps = {
  label: string;
  options: Array<{ value: string; label?: string }>;
  value: TriStateMap;
  onChange: (next: TriStateMap) => void;
};

function summary(value: TriStateMap, options: TriStateMenuProps['options']): string {
  const name = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const parts = Object.entries(value)
    .filter(([, s]) => s !== 0)
    .map(([v, s]) => (s === 1 ? name(v) : `not ${name(v)}`));
  return parts.length === 0 ? 'All' : parts.join(', ');
}

/** A filter-bar button that opens a three-state include/exclude list. */
export function TriStateMenu({ label, options, value, onChange }: TriStateMenuProps) {
  return (
    <Popover.Root>
      <Popover.Trigger className="btn max-w-72" aria-label={label}>
        <span className="text-muted">{label}:</span>
        <span className="truncate">{summary(value, options)}</span>
        <ChevronDown className="size-3.5 shrink-0 text-muted" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="menu w-60 p-2">
          <TriStateFilter label={label} options={options} value={value} onChange={onChange} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
