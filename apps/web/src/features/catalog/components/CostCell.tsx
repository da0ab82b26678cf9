import { formatCost } from '@opsdeck/shared';
import { Popover } from 'radix-ui';
import { cn } from '../../../lib/cn.js';
import { costChange, percentClass } from '../lib/cost.js';

type Costs = {
  cost_total_1d?: number | null | undefined;
  cost_total_7d?: number | null | undefined;
  cost_total_30d?: number | null | undefined;
};

const WINDOWS = [
  ['1d', 'cost_total_1d'],
  ['7d', 'cost_total_7d'],
  ['30d', 'cost_total_30d'],
] as const;

/**
 * The list's Cost cell: the 30-day cost, a badge when the last day is more than 10 % off the
 * 30-day daily average, and a popover with the 1d, 7d and 30d costs.
 */
export function CostCell({ row }: { row: Costs }) {
  const shown = WINDOWS.filter(([, k]) => row[k]);
  if (shown.length === 0) return null;
  const change = costChange(row.cost_total_1d, row.cost_total_30d);
  return (
    <Popover.Root>
      <Popover.Trigger
        className="inline-flex items-center gap-1 rounded px-0.5 tabular-nums hover:bg-subtle"
        aria-label="Cost"
        // The row opens the item; the cost opens only its popover.
        onClick={(e) => e.stopPropagation()}
      >
        {formatCost(row.cost_total_30d ?? row.cost_total_7d ?? row.cost_total_1d)}
        {change !== undefined ? (
          <span
            data-testid="cost-change"
            className={cn('text-[11px] font-semibold', percentClass(change))}
            title="1-day cost against the 30-day daily average"
          >
            {change > 0 ? '+' : ''}
            {Math.round(change)}%
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content sideOffset={4} className="menu p-2 text-xs" onClick={(e) => e.stopPropagation()}>
          <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5" aria-label="Costs">
            {WINDOWS.map(([label, k]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="text-right tabular-nums">{formatCost(row[k] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
