import { formatDateTime, formatDuration, formatRelativeTime, nanosToDuration } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Copy, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useHasPermission, usePermissions } from '../../../auth/permissions.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { copyToClipboard } from '../../../ui/clipboard.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Modal } from '../../../ui/Modal.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { notificationKeys } from '../api/keys.js';
import { RULES_DEFAULT_SORT, fetchRules, type RuleRow } from '../api/rules.js';
import { NotificationsFrame } from '../components/NotificationsFrame.js';
import { NEW_RULE, RuleDialog } from '../components/RuleDialog.js';

const TABLE_DEFAULTS = { sortBy: RULES_DEFAULT_SORT.id, sortDesc: RULES_DEFAULT_SORT.desc };

const time = (v: string | null) =>
  v ? <span title={formatDateTime(v)}>{formatRelativeTime(v)}</span> : <span className="text-muted">—</span>;
const text = (v: string | null) =>
  v ? (
    <span className="truncate" title={v}>
      {v}
    </span>
  ) : (
    <span className="text-muted">—</span>
  );

function columnsFor(showError: (error: string) => void) {
  const col = columnHelper<RuleRow>();
  const list = [
    col.accessor((r) => r.events.join(', '), {
      id: 'events',
      header: 'Events',
      size: 200,
      cell: (c) => text(c.getValue()),
    }),
    col.accessor('name', {
      header: 'Name',
      size: 180,
      cell: (c) => (
        <span className="group flex min-w-0 items-center gap-1">
          <span className="truncate">{c.getValue()}</span>
          <button
            type="button"
            className="btn btn-ghost btn-icon shrink-0 opacity-60 group-hover:opacity-100"
            aria-label={`Copy the ID of ${c.getValue() ?? 'the rule'}`}
            title="Copy ID"
            onClick={(ev) => {
              // The row click opens the rule; this button only copies its id.
              ev.stopPropagation();
              const id = c.row.original.id;
              void copyToClipboard(id, `Copied ${id} to clipboard`);
            }}
          >
            <Copy className="size-3.5" aria-hidden />
          </button>
        </span>
      ),
    }),
    col.accessor('error', {
      header: 'Error',
      size: 160,
      cell: (c) => <span className="text-health-unhealthy">{text(c.getValue())}</span>,
    }),
    col.accessor('filter', {
      header: 'Filter',
      size: 160,
      cell: (c) => <code className="text-xs">{text(c.getValue())}</code>,
    }),
    col.accessor('pending', { header: 'Pending', size: 90 }),
    col.accessor('failed', { header: 'Failed', size: 90 }),
    col.accessor('sent', { header: 'Sent', size: 90 }),
    col.accessor('avg_duration_ms', {
      header: 'Avg Duration',
      size: 120,
      cell: (c) => (c.getValue() === null ? '—' : formatDuration(c.getValue())),
    }),
    col.accessor('repeat_interval', {
      header: 'Repeat Interval',
      size: 130,
      cell: (c) => text(c.getValue()),
    }),
    col.accessor('wait_for', {
      header: 'Wait For',
      size: 110,
      cell: (c) => {
        const v = c.getValue();
        return v === null ? '—' : nanosToDuration(Number(v));
      },
    }),
    col.accessor('created_at', { header: 'Created', size: 120, cell: (c) => time(c.getValue()) }),
    col.accessor('updated_at', { header: 'Updated', size: 120, cell: (c) => time(c.getValue()) }),
    col.accessor((r) => r.created_by_name ?? '', {
      id: 'created_by',
      header: 'Created By',
      size: 140,
      enableSorting: false,
    }),
    col.accessor('most_common_error', {
      header: 'Most Common Error',
      size: 200,
      enableSorting: false,
      cell: (c) => {
        const v = c.getValue();
        if (!v) return <span className="text-muted">—</span>;
        return (
          <button
            type="button"
            className="max-w-full truncate text-left text-health-unhealthy hover:underline"
            title="Show the most common error"
            onClick={(ev) => {
              // The row click opens the rule; this cell opens the error instead.
              ev.stopPropagation();
              showError(v);
            }}
          >
            {v}
          </button>
        );
      },
    }),
  ];
  return col.columns(list);
}

/** /notifications/rules: rules with what their sends did; a row opens 'Edit Notification' (?id=). */
export function RulesPage() {
  const canWrite = useHasPermission('notifications', 'write');
  // The modal waits for the permissions: a writer must not see a read-only form first.
  const { loaded } = usePermissions();
  const [params, setParams] = useUrlParams();
  const [commonError, setCommonError] = useState<string | null>(null);
  // Made once: cell renderers are components, and a new one per render would remount every cell.
  const columns = useMemo(() => columnsFor(setCommonError), []);
  const table = useTableUrlState('', TABLE_DEFAULTS);
  const { pageIndex, pageSize } = table.pagination;
  const list = useQuery({
    queryKey: notificationKeys.rules(pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchRules(pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const target = params.get('id');
  const add = () => setParams({ id: NEW_RULE }, { push: true });

  return (
    <NotificationsFrame
      tab="Rules"
      actions={canWrite ? <PrimaryAction icon={Plus} label="Create Notification" onClick={add} /> : null}
    >
      {list.isError && !list.data ? (
        <ErrorView error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          id="notifications-rules"
          className="flex-1"
          columns={columns}
          data={list.data?.data ?? []}
          totalEntries={list.data?.totalEntries}
          manual
          loading={list.isFetching}
          defaults={TABLE_DEFAULTS}
          getRowId={(r) => r.id}
          onRowClick={(r) => setParams({ id: r.id }, { push: true })}
          emptyText="No notification rules yet"
        />
      )}
      {loaded && target && (canWrite || target !== NEW_RULE) ? (
        <RuleDialog
          key={target}
          target={target}
          canWrite={canWrite}
          onClose={() => setParams({ id: null })}
          onCreated={() => setParams({ id: null })}
        />
      ) : null}
      <Modal
        open={commonError !== null}
        onOpenChange={(o) => !o && setCommonError(null)}
        title="Most Common Error"
      >
        <pre className="font-mono text-xs whitespace-pre-wrap">{commonError}</pre>
      </Modal>
    </NotificationsFrame>
  );
}
