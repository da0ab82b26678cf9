import {
  formatAge,
  formatDateTime,
  NOTIFICATION_RESOURCE_TYPES,
  SEND_STATUSES,
  type SendHistoryRow,
} from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUrlParams } from '../../../lib/urlState.js';
import { DataTable, columnHelper, tableParamKeys, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Select } from '../../../ui/Select.js';
import { fetchHistory } from '../api/history.js';
import { notificationKeys } from '../api/keys.js';
import { HistoryDetailsDialog } from '../components/HistoryDetailsDialog.js';
import { NotificationsFrame } from '../components/NotificationsFrame.js';
import { ResourceCell } from '../components/ResourceCell.js';
import { SendStatusBadge } from '../components/StatusBadge.js';
import { RESOURCE_TYPE_LABELS, STATUS_LABELS } from '../lib/status.js';

const col = columnHelper<SendHistoryRow>();
const columns = col.columns([
  // The age of the latest send, the time the list is ordered by (newest first); a repeated
  // send's first time is in the tooltip, so the column reads in time order.
  col.accessor('created_at', {
    header: 'Age',
    size: 140,
    enableSorting: false,
    cell: (c) => {
      const r = c.row.original;
      const first = r.count > 1 ? `; first observed ${formatDateTime(r.first_observed)}` : '';
      return (
        <span
          className="flex items-center gap-1.5"
          title={`Last observed ${formatDateTime(r.created_at)}${first}`}
        >
          {r.count > 1 ? (
            <span
              className="rounded-full bg-subtle px-1.5 text-[11px] font-semibold"
              aria-label={`${r.count} times`}
            >
              {r.count}
            </span>
          ) : null}
          {formatAge(r.created_at)}
        </span>
      );
    },
  }),
  col.accessor((r) => r.resource.name, {
    id: 'resource',
    header: 'Resource',
    size: 280,
    enableSorting: false,
    cell: (c) => (
      <ResourceCell resource={c.row.original.resource} resourceType={c.row.original.resource_type} />
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    size: 120,
    enableSorting: false,
    cell: (c) => <SendStatusBadge status={c.getValue()} />,
  }),
  col.accessor('source_event', { header: 'Event', size: 180, enableSorting: false }),
]);

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...SEND_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];
const TYPE_OPTIONS = [
  { value: '', label: 'All' },
  ...NOTIFICATION_RESOURCE_TYPES.map((t) => ({ value: t, label: RESOURCE_TYPE_LABELS[t] ?? t })),
];

/** /notifications: what was sent (or held back), newest first, with Status and Resource Type filters in the URL. */
export function HistoryPage() {
  const [params, setParams] = useUrlParams();
  const table = useTableUrlState();
  const { pageIndex, pageSize } = table.pagination;
  const filters = { status: params.get('status') ?? '', resourceType: params.get('resourceType') ?? '' };
  const list = useQuery({
    queryKey: notificationKeys.history(filters, pageIndex, pageSize),
    queryFn: ({ signal }) => fetchHistory(filters, pageIndex, pageSize, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const openId = params.get('id');
  // A new filter starts again at the first page.
  const setFilter = (key: string, value: string) =>
    setParams({ [key]: value, [tableParamKeys().pageIndex]: null });

  return (
    <NotificationsFrame tab="History">
      <div className="flex flex-wrap items-center gap-2">
        <Select
          label="Status"
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          options={STATUS_OPTIONS}
        />
        <Select
          label="Resource Type"
          value={filters.resourceType}
          onChange={(v) => setFilter('resourceType', v)}
          options={TYPE_OPTIONS}
        />
      </div>
      {list.isError && !list.data ? (
        <ErrorView error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          id="notifications-history"
          className="flex-1"
          columns={columns}
          data={list.data?.data ?? []}
          totalEntries={list.data?.totalEntries}
          manual
          loading={list.isFetching}
          getRowId={(r) => r.id}
          onRowClick={(r) => setParams({ id: r.id }, { push: true })}
          emptyText="No notifications have been sent yet"
        />
      )}
      {openId ? (
        <HistoryDetailsDialog key={openId} id={openId} onClose={() => setParams({ id: null })} />
      ) : null}
    </NotificationsFrame>
  );
}
