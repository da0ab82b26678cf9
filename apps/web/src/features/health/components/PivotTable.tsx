import { useMemo, type ReactNode } from 'react';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { DASHBOARD_PAGE_MAX } from '../api/dashboardQuery.js';
import type { CheckSummary } from '../api/types.js';
import { checkHealth } from '../lib/checks.js';
import { DASHBOARD_FIRST_ROWS } from '../lib/healthParams.js';
import { buildPivot, type Pivot, type PivotCell, type PivotRow } from '../lib/pivot.js';
import { AgeText, HealthCell, LatencyText, UptimeText } from './HealthCells.js';

const col = columnHelper<PivotRow>();

function CellFigure({
  cell,
  type,
  uptimeWindow,
}: {
  cell: PivotCell;
  type: Pivot['cell'];
  uptimeWindow: string;
}) {
  switch (type) {
    case 'uptime':
      return <UptimeText uptime={cell.uptime} covers={uptimeWindow} />;
    case 'health':
      return <HealthCell status={cell.health} />;
    case 'latency':
      return <LatencyText ms={cell.latency} />;
    case 'transition':
      return <AgeText time={cell.lastTransition} />;
  }
}

/** The check a click on a cell opens: its first one that is not healthy, else its first. */
function cellTarget(cell: PivotCell): CheckSummary | undefined {
  return cell.checks.find((c) => checkHealth(c) !== 'healthy') ?? cell.checks[0];
}

function pivotColumns(
  columns: string[],
  type: Pivot['cell'],
  uptimeWindow: string,
  onOpenCheck: (id: string) => void,
) {
  return col.columns([
    col.accessor('label', { header: 'Checks', size: 300, enableSorting: false }),
    ...columns.map((value) =>
      col.display({
        id: `pivot:${value}`,
        header: value,
        size: 150,
        enableSorting: false,
        cell: ({ row: { original: r } }): ReactNode => {
          const cell = r.cells[value];
          if (!cell) return <span className="text-muted">—</span>;
          const target = cellTarget(cell);
          const names = cell.checks.map((c) => c.name).join(', ');
          return (
            <button
              type="button"
              className="inline-flex max-w-full items-center gap-1 rounded hover:underline"
              title={cell.checks.length > 1 ? `${cell.checks.length} checks: ${names}` : names}
              aria-label={`${r.label} in ${value}`}
              onClick={() => (target ? onOpenCheck(target.id) : undefined)}
            >
              <CellFigure cell={cell} type={type} uptimeWindow={uptimeWindow} />
              {cell.checks.length > 1 ? (
                <span className="rounded-full bg-subtle px-1.5 text-[11px] font-medium text-muted">
                  {cell.checks.length}
                </span>
              ) : null}
            </button>
          );
        },
      }),
    ),
  ]);
}

type Props = {
  /** The checks loaded so far, in the server's order. */
  checks: readonly CheckSummary[];
  groupBy: string;
  pivot: Pivot;
  /** Checks the server has for the current filters: the table asks for more on reaching the end. */
  total: number;
  loading: boolean;
  /** The window the uptime covers, as 'last 24 h'. */
  uptimeWindow: string;
  emptyText?: ReactNode;
  onOpenCheck: (id: string) => void;
};

/**
 * The dashboard's pivot view: a row per group (per check name without grouping), a column per
 * namespace or value of the pivot label ('other' for checks without one), each cell the
 * chosen figure of the checks in it; a click opens the check (the least healthy of several).
 * Like the table, it asks for more checks while its last row is in view and more exist.
 */
export function PivotTable({
  checks,
  groupBy,
  pivot,
  total,
  loading,
  uptimeWindow,
  emptyText,
  onOpenCheck,
}: Props) {
  const defaults = useMemo(() => ({ pageSize: DASHBOARD_FIRST_ROWS }), []);
  const { columns, rows } = useMemo(() => buildPivot(checks, groupBy, pivot), [checks, groupBy, pivot]);
  const tableColumns = useMemo(
    () => pivotColumns(columns, pivot.cell, uptimeWindow, onOpenCheck),
    [columns, pivot.cell, uptimeWindow, onOpenCheck],
  );
  return (
    <DataTable
      // Column widths are remembered per pivot (its columns differ).
      id={`health-pivot-${pivot.by === 'labels' ? `label-${pivot.label ?? ''}` : pivot.by}`}
      className="min-h-0 flex-1"
      columns={tableColumns}
      data={rows}
      manual
      virtual
      totalEntries={Math.min(total, DASHBOARD_PAGE_MAX)}
      defaults={defaults}
      loading={loading}
      emptyText={emptyText}
      getRowId={(r) => r.id}
    />
  );
}
