import { ChevronRight } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { AgentBadge } from '../../../ui/AgentBadge.js';
import { useActiveMaintenance } from '../../../api/activeMaintenance.js';
import type { ActiveMaintenance } from '@opsdeck/shared';
import { MaintenanceBadge } from '../../../ui/MaintenanceBadge.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { DASHBOARD_PAGE_MAX } from '../api/dashboardQuery.js';
import { checkHealth, type DashboardRow } from '../lib/checks.js';
import { DASHBOARD_FIRST_ROWS } from '../lib/healthParams.js';
import { AgeText, HealthCell, LatencyText, UptimeText } from './HealthCells.js';

const col = columnHelper<DashboardRow>();
/**
 * The columns; the Uptime header names the window the figures cover ('last 24 h'); checks under
 * a maintenance window show its badge by their name.
 */
function checkColumns(uptimeWindow: string, maintenance: ActiveMaintenance) {
  return col.columns([
    col.display({
      id: 'name',
      header: 'Checks',
      size: 420,
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.kind === 'group' ? (
          <span className="flex items-center gap-1.5 font-semibold">
            <ChevronRight
              className={cn('size-3.5 shrink-0 transition-transform', r.expanded && 'rotate-90')}
              aria-hidden
            />
            <StatusDot status={r.health} />
            <span className="truncate">{r.label}</span>
            <span className="rounded-full bg-subtle px-1.5 text-[11px] font-medium text-muted">
              {r.count}
            </span>
          </span>
        ) : (
          <span className={cn('flex min-w-0 items-center gap-1.5', r.nested && 'pl-8')}>
            <StatusDot status={checkHealth(r.check)} />
            <span className="truncate font-medium">{r.check.name}</span>
            <AgentBadge agentId={r.check.agent_id} />
            <MaintenanceBadge window={maintenance[r.check.id]} />
            {r.check.type ? <span className="shrink-0 text-[11px] text-muted">{r.check.type}</span> : null}
          </span>
        ),
    }),
    col.display({
      id: 'health',
      header: 'Health',
      size: 120,
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <HealthCell status={r.kind === 'group' ? r.health : checkHealth(r.check)} />
      ),
    }),
    col.display({
      id: 'uptime',
      header: () => (
        <span title={`Uptime over the ${uptimeWindow}`}>
          Uptime <span className="font-normal text-muted">({uptimeWindow})</span>
        </span>
      ),
      size: 130,
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <UptimeText uptime={r.kind === 'group' ? r.uptime : r.check.uptime} />
      ),
    }),
    col.display({
      id: 'latency',
      header: 'Latency',
      size: 100,
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <LatencyText
          ms={r.kind === 'group' ? r.latency : (r.check.latency?.rolling1h ?? r.check.latency?.p95)}
        />
      ),
    }),
    col.display({
      id: 'transition',
      header: 'Transition',
      size: 140,
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <AgeText time={r.kind === 'group' ? r.lastTransition : r.check.last_transition_time} />
      ),
    }),
  ]);
}

type Props = {
  /** The rows loaded so far, in the server's order. */
  rows: DashboardRow[];
  /** Checks the server has for the current filters: the table asks for more on reaching the end. */
  total: number;
  loading: boolean;
  /** The window the uptime covers, as 'last 24 h'. */
  uptimeWindow: string;
  /** Overrides 'No data available', e.g. when Hide Passing hid every match. */
  emptyText?: ReactNode;
  onToggleGroup: (id: string) => void;
  onOpenCheck: (id: string) => void;
};

/**
 * The dashboard table: virtual rows, group rows that fold. It holds the first
 * DASHBOARD_FIRST_ROWS checks; scrolling to the end doubles that (the page asks the server).
 */
export function ChecksTable({
  rows,
  total,
  loading,
  uptimeWindow,
  emptyText,
  onToggleGroup,
  onOpenCheck,
}: Props) {
  const defaults = useMemo(() => ({ pageSize: DASHBOARD_FIRST_ROWS }), []);
  const ids = rows.flatMap((r) => (r.kind === 'group' ? [] : [r.check.id]));
  const maintenance = useActiveMaintenance(ids).data;
  const columns = useMemo(() => checkColumns(uptimeWindow, maintenance ?? {}), [uptimeWindow, maintenance]);
  return (
    <DataTable
      id="health-checks"
      className="min-h-0 flex-1"
      columns={columns}
      data={rows}
      manual
      virtual
      totalEntries={Math.min(total, DASHBOARD_PAGE_MAX)}
      defaults={defaults}
      loading={loading}
      emptyText={emptyText}
      getRowId={(r) => r.id}
      onRowClick={(r) => (r.kind === 'group' ? onToggleGroup(r.id) : onOpenCheck(r.id))}
    />
  );
}
