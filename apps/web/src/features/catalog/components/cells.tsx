import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { cn } from '../../../lib/cn.js';
import { formatCount } from '@opsdeck/shared';
import { isHighChangeCount } from '../lib/format.js';

const HEALTH_ORDER = [
  ['healthy', 'bg-health-healthy'],
  ['unhealthy', 'bg-health-unhealthy'],
  ['warning', 'bg-health-warning'],
  ['unknown', 'bg-health-unknown'],
] as const;

/** Stacked bar of health counts, in the spec's colour order (green, red, orange, grey). */
export function HealthBar({ health }: { health: Record<string, number> | null | undefined }) {
  const counts = HEALTH_ORDER.map(([k, cls]) => ({ k, cls, n: health?.[k] ?? 0 }));
  const total = counts.reduce((s, c) => s + c.n, 0);
  if (total === 0) return null;
  const title = counts
    .filter((c) => c.n > 0)
    .map((c) => `${c.k}: ${c.n}`)
    .join(', ');
  return (
    <div className="flex items-center gap-2" title={title} aria-label={`Health ${title}`}>
      <div className="flex h-2 w-28 overflow-hidden rounded-full bg-subtle">
        {counts.map((c) =>
          c.n > 0 ? <div key={c.k} className={c.cls} style={{ width: `${(c.n / total) * 100}%` }} /> : null,
        )}
      </div>
      <span className="text-xs text-muted tabular-nums">{total}</span>
    </div>
  );
}

/** Open insights by type, e.g. 'security 3'. */
export function AnalysisBadges({ analysis }: { analysis: Record<string, number> | null | undefined }) {
  const entries = Object.entries(analysis ?? {}).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {entries.map(([k, n]) => (
        <span
          key={k}
          className="inline-flex h-5 items-center gap-1 rounded border border-line px-1.5 text-[11px]"
          title={`${n} open ${k} insight${n === 1 ? '' : 's'}`}
        >
          <span className="text-muted">{k}</span>
          <span className="font-semibold tabular-nums">{formatCount(n)}</span>
        </span>
      ))}
    </span>
  );
}

export function ChangesCount({ value }: { value: number | null | undefined }) {
  if (!value) return null;
  return (
    <span
      className={cn(
        'rounded bg-subtle px-1.5 py-0.5 text-xs font-medium tabular-nums',
        isHighChangeCount(value) && 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
      )}
    >
      {formatCount(value)}
    </span>
  );
}

export function When({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span title={formatDateTime(value)} className="whitespace-nowrap">
      {formatRelativeTime(value)}
    </span>
  );
}

/** A table cell showing a timestamp column as When. */
export const whenCell = (c: { getValue: () => string | null | undefined }) => <When value={c.getValue()} />;
