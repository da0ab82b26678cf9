import { formatDateTime, formatLatency, formatPercent, formatRelativeTime, percentOf } from '@opsdeck/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useResourceActions, type ResourceAction } from '../../../platform/resourceActions.js';
import { columnHelper, DataTable, useInfiniteRows, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { uptimeTextClass } from '../../../ui/health.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import {
  CONFIG_CHECK_SORTS,
  fetchConfigChecks,
  type ConfigCheck,
  type ConfigCheckSort,
} from '../api/checks.js';
import { catalogKeys } from '../api/keys.js';

/** The id of the health area's check detail modal (a resource action opened from here). */
const CHECK_DETAILS_ACTION = 'check-details';

function uptime(c: ConfigCheck): number | undefined {
  const passed = c.uptime?.passed ?? 0;
  const total = passed + (c.uptime?.failed ?? 0);
  return total > 0 ? percentOf(passed, total) : undefined;
}

const col = columnHelper<ConfigCheck>();
const columns = col.columns([
  col.accessor('name', {
    header: 'Name',
    size: 260,
    cell: (c) => (
      <span className="flex items-center gap-1.5">
        <NamedIcon name={c.row.original.icon ?? c.row.original.type} />
        <span className="truncate">{c.getValue()}</span>
      </span>
    ),
  }),
  col.accessor((r) => r.status ?? 'unknown', {
    id: 'health',
    header: 'Health',
    size: 120,
    cell: (c) => (
      <span className="flex items-center gap-1.5">
        <StatusDot status={c.getValue()} />
        {c.getValue()}
      </span>
    ),
  }),
  col.accessor((r) => uptime(r), {
    id: 'uptime',
    header: 'Uptime',
    size: 100,
    enableSorting: false,
    cell: (c) => {
      const v = c.getValue();
      return v === undefined ? (
        <span className="text-muted">—</span>
      ) : (
        <span className={uptimeTextClass(v)}>{formatPercent(v)}</span>
      );
    },
  }),
  col.accessor((r) => r.latency?.p99 ?? undefined, {
    id: 'latency',
    header: 'Latency',
    size: 100,
    enableSorting: false,
    cell: (c) => formatLatency(c.getValue()),
  }),
  col.accessor((r) => r.type ?? '', { id: 'type', header: 'Type', size: 110 }),
  col.accessor((r) => r.last_runtime ?? null, {
    id: 'last_run',
    header: 'Last Run',
    size: 130,
    cell: (c) => {
      const v = c.getValue();
      return v ? <span title={formatDateTime(v)}>{formatRelativeTime(v)}</span> : null;
    },
  }),
]);

/**
 * /catalog/{id}/checks: the health checks linked to the item (check_summary_for_config, the
 * links its badge counts), an infinite list of 50 a page sorted by the server (name, health,
 * type, last run); a row opens the check detail modal.
 */
/** The header's sort as the URL keeps it, when the server can sort by that column. */
function sortOf(sorting: { id: string; desc: boolean }[]): ConfigCheckSort | undefined {
  const first = sorting[0];
  return first && first.id in CONFIG_CHECK_SORTS
    ? { by: first.id as keyof typeof CONFIG_CHECK_SORTS, desc: first.desc }
    : undefined;
}

export function ChecksTab({ configId }: { configId: string }) {
  const navigate = useNavigate();
  const details = useResourceActions('check').find((a) => a.id === CHECK_DETAILS_ACTION);
  const [open, setOpen] = useState<{ action: ResourceAction; check: ConfigCheck } | undefined>();
  const sort = sortOf(useTableUrlState().sorting);
  const {
    query: checks,
    rows,
    infinite,
  } = useInfiniteRows({
    queryKey: catalogKeys.checks(configId, sort),
    fetchPage: (range, signal) => fetchConfigChecks(configId, range, sort, signal),
    silent: true,
  });
  if (checks.isError && !checks.data)
    return <ErrorView error={checks.error} onRetry={() => void checks.refetch()} />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <DataTable
        id="config-checks"
        className="flex-1"
        columns={columns}
        data={rows}
        infinite={infinite}
        manual
        loading={checks.isFetching && !checks.isFetchingNextPage}
        emptyText="No checks are linked to this config"
        getRowId={(r) => r.id}
        onRowClick={(r) =>
          details
            ? setOpen({ action: details, check: r })
            : void navigate(`/health?checkId=${encodeURIComponent(r.id)}`)
        }
      />
      {open
        ? open.action.render({
            resource: { kind: 'check', id: open.check.id, name: open.check.name },
            close: () => setOpen(undefined),
          })
        : null}
    </div>
  );
}
