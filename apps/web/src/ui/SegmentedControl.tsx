import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

export type SegmentedOption<T extends string> = {
  value: T;
  label: ReactNode;
  /** The accessible name where the label is an icon. */
  ariaLabel?: string;
  title?: string;
};

type Props<T extends string> = {
  /** Names the group for assistive technology. */
  label: string;
  options: readonly SegmentedOption<T>[];
  /** A value outside the options (e.g. a custom card width) shows no segment on. */
  value: string;
  onChange: (value: T) => void;
  /** Padding, width and text size of each segment. */
  itemClassName?: string;
};

/** Mutually exclusive choices side by side (view, layout, size): one segment is on at a time. */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  itemClassName = 'px-2.5 py-1 text-xs',
}: Props<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={label}
      value={value}
      // Radix clears the value when the chosen segment is clicked again; here it stays on.
      onValueChange={(v) => {
        const chosen = options.find((o) => o.value === v);
        if (chosen) onChange(chosen.value);
      }}
      className="inline-flex overflow-hidden rounded-md border border-line"
    >
      {options.map((o) => (
        <ToggleGroup.Item
          key={o.value}
          value={o.value}
          aria-label={o.ariaLabel}
          title={o.title}
          className={cn(
            'text-muted hover:text-fg data-[state=on]:bg-subtle data-[state=on]:font-semibold data-[state=on]:text-fg',
            itemClassName,
          )}
        >
          {o.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
