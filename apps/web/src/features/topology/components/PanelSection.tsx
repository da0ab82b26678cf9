import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

type PanelSectionProps = {
  title: string;
  count?: number;
  open: boolean;
  onToggle: () => void;
  actions?: ReactNode;
  children: ReactNode;
};

/** A collapsible side-panel section; the panel keeps only one open at a time. */
export function PanelSection({ title, count, open, onToggle, actions, children }: PanelSectionProps) {
  return (
    <section className={open ? 'flex min-h-0 flex-1 flex-col border-b border-line' : 'border-b border-line'}>
      <div className="flex h-10 shrink-0 items-center gap-2 px-3">
        <button
          type="button"
          aria-expanded={open}
          onClick={onToggle}
          className="flex flex-1 items-center gap-1.5 text-left text-[13px] font-semibold"
        >
          {open ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
          {title}
          {count !== undefined && (
            <span className="rounded-full bg-subtle px-1.5 text-[11px] font-medium text-muted">{count}</span>
          )}
        </button>
        {open && actions}
      </div>
      {open && <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">{children}</div>}
    </section>
  );
}
