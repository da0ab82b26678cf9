import { useRef, type ReactNode } from 'react';
import { z } from 'zod';
import { useStoredState } from '../../../lib/useStoredState.js';

const MIN = 15;
const MAX = 85;
const STEP = 5;

/**
 * The item's component (with its children) above the tabs, in a resizable split whose share is
 * remembered. The topology area's standalone view (/view/topology/{id}) is embedded: the
 * catalog links to other areas by URL and never imports them.
 */
export function TopologySplit({
  component,
  children,
}: {
  component: { id: string; name: string };
  children: ReactNode;
}) {
  const [top, setTop] = useStoredState('catalog.topologySplit', z.number().min(MIN).max(MAX), 40);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const clamp = (v: number) => Math.min(MAX, Math.max(MIN, Math.round(v)));
  return (
    <div ref={box} className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="topology-split">
      <iframe
        title={`Topology of ${component.name}`}
        src={`/view/topology/${encodeURIComponent(component.id)}`}
        className="w-full shrink-0 rounded-md border border-line bg-canvas"
        style={{ height: `${top}%` }}
      />
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="horizontal"
        aria-label="Resize topology"
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={top}
        className="my-1 h-1.5 shrink-0 cursor-row-resize rounded hover:bg-brand-500/40 focus-visible:bg-brand-500/40"
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp') setTop(clamp(top - STEP));
          if (e.key === 'ArrowDown') setTop(clamp(top + STEP));
        }}
        onPointerDown={(e) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const rect = box.current?.getBoundingClientRect();
          if (!dragging.current || !rect || rect.height === 0) return;
          setTop(clamp(((e.clientY - rect.top) / rect.height) * 100));
        }}
        onPointerUp={() => (dragging.current = false)}
      />
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </div>
  );
}
