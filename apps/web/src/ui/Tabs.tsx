import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { formatCount } from '@opsdeck/shared';

export type TabItem = { value: string; label: ReactNode; count?: number; content: ReactNode };

type TabsProps = {
  tabs: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (v: string) => void;
  className?: string;
};

/** Tabs with optional count badges ('k+' above 999). */
export function Tabs({ tabs, value, defaultValue, onValueChange, className }: TabsProps) {
  const rootProps = value !== undefined ? { value } : { defaultValue: defaultValue ?? tabs[0]?.value };
  return (
    <RadixTabs.Root {...rootProps} onValueChange={onValueChange} className={className}>
      <RadixTabs.List className="flex gap-1 border-b border-line">
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px flex h-9 items-center gap-1.5 border-b-2 border-transparent px-3 font-medium text-muted hover:text-fg data-[state=active]:border-brand-600 data-[state=active]:text-fg"
          >
            {t.label}
            {t.count !== undefined ? (
              <span
                className="rounded-full bg-subtle px-1.5 py-px text-[11px] font-semibold text-muted"
                data-testid="tab-count"
              >
                {formatCount(t.count)}
              </span>
            ) : null}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className="pt-3 outline-none">
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
