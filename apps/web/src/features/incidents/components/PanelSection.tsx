import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = { title: string; open: boolean; onToggle: () => void; children: ReactNode };

/** One collapsible section of the right panel; the panel keeps at most one open. */
export function PanelSection({ title, open, onToggle, children }: Props) {
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <section className="border-b border-line last:border-b-0">
      <h2>
        <button
          type="button"
          className="flex w-full items-center gap-1.5 px-3 py-2 text-left font-semibold"
          aria-expanded={open}
          onClick={onToggle}
        >
          <Icon className="size-4 text-muted" aria-hidden />
          {title}
        </button>
      </h2>
      {open ? <div className="px-3 pb-3">{children}</div> : null}
    </section>
  );
}
