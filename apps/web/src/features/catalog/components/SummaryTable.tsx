import { formatCost } from '@opsdeck/shared';
import { Pin, PinOff } from 'lucide-react';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import type { SummaryRow } from '../api/schemas.js';
import { AnalysisBadges, ChangesCount, HealthBar } from './cells.js';

type Props = {
  rows: SummaryRow[];
  groupBy: string[];
  loading: boolean;
  favourites: string[];
  onToggleFavourite: (type: string) => void;
  onOpen: (row: SummaryRow) => void;
};

const GROUP_LABELS: Record<string, string> = {
  config_class: 'Class',
  type: 'Type',
  status: 'Status',
  health: 'Health',
  namespace: 'Namespace',
};

function groupLabel(g: string): string {
  return GROUP_LABELS[g] ?? g.replace(/^(tags|labels)\./, '');
}

/** Favourite types first, then the server's order. */
export function orderFavouritesFirst(rows: SummaryRow[], favourites: string[]): SummaryRow[] {
  const fav = new Set(favourites);
  const isFav = (r: SummaryRow) => typeof r.type === 'string' && fav.has(r.type);
  return [...rows.filter(isFav), ...rows.filter((r) => !isFav(r))];
}

/** One row per group (type by default): changes, health, insights and 30-day cost. */
export function SummaryTable({ rows, groupBy, loading, favourites, onToggleFavourite, onOpen }: Props) {
  const columns = useMemo(() => {
    const col = columnHelper<SummaryRow>();
    const hasType = groupBy.includes('type');
    return col.columns([
      ...(hasType
        ? [
            col.display({
              id: 'pin',
              header: '',
              size: 40,
              enableResizing: false,
              cell: (c) => {
                const type = String(c.row.original.type ?? '');
                const on = favourites.includes(type);
                return (
                  <button
                    type="button"
                    className={cn(
                      'btn-ghost rounded p-1',
                      on ? 'text-brand-600' : 'text-muted opacity-40 hover:opacity-100',
                    )}
                    aria-label={on ? `Unpin ${type}` : `Pin ${type}`}
                    aria-pressed={on}
                    onClick={(e) => {
                      e.stopPropagation();
                      onToggleFavourite(type);
                    }}
                  >
                    {on ? (
                      <Pin className="size-3.5" aria-hidden />
                    ) : (
                      <PinOff className="size-3.5" aria-hidden />
                    )}
                  </button>
                );
              },
            }),
          ]
        : []),
      ...groupBy.map((g) =>
        col.accessor((r) => (r[g] === null || r[g] === undefined ? '' : String(r[g])), {
          id: `g:${g}`,
          header: groupLabel(g),
          size: g === 'type' ? 280 : 180,
          cell: (c) =>
            c.getValue() ? (
              <span className="font-medium">{c.getValue()}</span>
            ) : (
              <span className="text-muted">—</span>
            ),
        }),
      ),
      col.accessor('count', {
        header: 'Count',
        size: 80,
        cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
      }),
      col.accessor('changes', {
        header: 'Changes',
        size: 100,
        cell: (c) => <ChangesCount value={c.getValue()} />,
      }),
      col.accessor((r) => r.health ?? {}, {
        id: 'health',
        header: 'Health',
        size: 170,
        enableSorting: false,
        cell: (c) => <HealthBar health={c.getValue()} />,
      }),
      col.accessor((r) => r.analysis ?? {}, {
        id: 'analysis',
        header: 'Analysis',
        size: 220,
        enableSorting: false,
        cell: (c) => <AnalysisBadges analysis={c.getValue()} />,
      }),
      col.accessor('cost_total_30d', {
        header: 'Cost (30d)',
        size: 110,
        cell: (c) => <span className="tabular-nums">{c.getValue() ? formatCost(c.getValue()) : ''}</span>,
      }),
    ]);
  }, [groupBy, favourites, onToggleFavourite]);

  const data = useMemo(() => orderFavouritesFirst(rows, favourites), [rows, favourites]);
  return (
    <DataTable
      id="catalog-summary"
      urlPrefix="summary_"
      className="flex-1"
      columns={columns}
      data={data}
      pagination={false}
      loading={loading}
      getRowId={(r) => groupBy.map((g) => String(r[g] ?? '')).join('|')}
      onRowClick={onOpen}
      emptyText="No configs found"
    />
  );
}
