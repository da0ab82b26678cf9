import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { z } from 'zod';
import { useStoredState } from '../../../lib/useStoredState.js';
import { SheetOnPhone } from '../../../ui/SheetOnPhone.js';

const MIN = 260;
const MAX = 640;

/**
 * A collapsible, resizable right-hand panel; its width and open state are remembered. On a
 * phone it is a sheet that opens on demand from a 'Details' button, never over the tabs.
 */
export function SidePanelFrame({ children }: { children: ReactNode }) {
  return (
    <SheetOnPhone title="Details" wide={<DesktopPanel>{children}</DesktopPanel>}>
      {children}
    </SheetOnPhone>
  );
}

function DesktopPanel({ children }: { children: ReactNode }) {
  const [width, setWidth] = useStoredState('catalog.sidePanelWidth', z.number().min(MIN).max(MAX), 340);
  const [open, setOpen] = useStoredState('catalog.sidePanelOpen', z.boolean(), true);
  const drag = useRef<{ x: number; w: number } | null>(null);

  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-ghost btn-icon self-start"
        aria-label="Show details"
        onClick={() => setOpen(true)}
      >
        <PanelRightOpen className="size-4" aria-hidden />
      </button>
    );
  }
  return (
    <aside
      className="relative flex shrink-0 flex-col overflow-hidden rounded-md border border-line bg-surface"
      style={{ width }}
    >
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize details"
        className="absolute top-0 left-0 z-10 h-full w-1.5 cursor-col-resize hover:bg-brand-500/40"
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, w: width };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag.current) return;
          setWidth(Math.min(MAX, Math.max(MIN, drag.current.w + drag.current.x - e.clientX)));
        }}
        onPointerUp={() => (drag.current = null)}
      />
      <div className="flex items-center justify-between border-b border-line px-4 py-2">
        <span className="text-xs font-semibold tracking-wide text-muted uppercase">Details</span>
        <button
          type="button"
          className="btn btn-ghost btn-icon h-7 w-7"
          aria-label="Hide details"
          onClick={() => setOpen(false)}
        >
          <PanelRightClose className="size-4" aria-hidden />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">{children}</div>
    </aside>
  );
}
