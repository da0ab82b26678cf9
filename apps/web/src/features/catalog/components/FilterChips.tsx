import { X } from 'lucide-react';

export type Chip = { id: string; label: string; exclude?: boolean; onRemove: () => void };

/** Active filters as removable chips. */
export function FilterChips({ chips }: { chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="Active filters">
      {chips.map((c) => (
        <span
          key={c.id}
          className="inline-flex h-6 items-center gap-1 rounded-full border border-line bg-subtle pr-1 pl-2.5 text-xs"
        >
          {c.exclude ? <span className="font-semibold text-health-unhealthy">not</span> : null}
          {c.label}
          <button
            type="button"
            className="rounded-full p-0.5 text-muted hover:bg-surface hover:text-fg"
            aria-label={`Remove filter ${c.label}`}
            onClick={c.onRemove}
          >
            <X className="size-3" aria-hidden />
          </button>
        </span>
      ))}
    </div>
  );
}
