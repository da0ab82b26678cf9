import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn.js';

type SelectProps = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<{ value: string; label: string }>;
  className?: string;
};

/** A labelled native select for filter bars: keyboard and screen-reader friendly for free. */
export function Select({ label, value, onChange, options, className }: SelectProps) {
  return (
    <label
      className={cn(
        'relative inline-flex h-8 items-center rounded-md border border-line bg-surface shadow-xs focus-within:outline-2 focus-within:outline-brand-500',
        className,
      )}
    >
      <span className="pl-3 text-muted">{label}:</span>
      <select
        aria-label={label}
        className="h-full appearance-none bg-transparent pr-7 pl-1.5 font-medium outline-none"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-2 size-3.5 text-muted" aria-hidden />
    </label>
  );
}
