import { formatDateTime, formatDuration } from '@opsdeck/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission, usePermissions } from '../../../auth/permissions.js';
import { cn } from '../../../lib/cn.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { notificationKeys } from '../api/keys.js';
import { SILENCES_DEFAULT_SORT, deleteSilence, fetchSilences, type SilenceRow } from '../api/silences.js';
import { useNames } from '../api/useNames.js';
import { NotificationsFrame } from '../components/NotificationsFrame.js';
import { SilenceDialog } from '../components/SilenceDialog.js';
import { RESOURCE_TYPE_LABELS } from '../lib/status.js';
import { isExpired, silenceResource } from '../lib/silenceForm.js';

const TABLE_DEFAULTS = { sortBy: SILENCES_DEFAULT_SORT.id, sortDesc: SILENCES_DEFAULT_SORT.desc };

/** The names each page's rows point at: resources by kind, and who created them. */
function usePageNames(rows: SilenceRow[]) {
  const ids = (kind: 'config' | 'component' | 'check') =>
    rows.flatMap((r) => {
      const res = silenceResource(r);
      return res?.type === kind ? [res.id] : [];
    });
  return {
    config: useNames('config', ids('config')),
    component: useNames('component', ids('component')),
    check: useNames('check', ids('check')),
    people: useNames(
      'people',
      rows.flatMap((r) => (r.created_by ? [r.created_by] : [])),
    ),
  };
}
type PageNames = ReturnType<typeof usePageNames>;

function resourceText(row: SilenceRow, names: PageNames): string {
  const res = silenceResource(row);
  if (!res) return row.filter ? `filter: ${row.filter}` : 'selectors';
  const name = res.type === 'canary' ? undefined : names[res.type].get(res.id);
  return `${RESOURCE_TYPE_LABELS[res.type] ?? res.type}: ${name ?? res.id}`;
}

function durationText(row: SilenceRow): string {
  if (!row.from || !row.until) return row.until ? `until ${formatDateTime(row.until)}` : 'indefinite';
  return formatDuration(new Date(row.until).getTime() - new Date(row.from).getTime());
}

function columnsFor(names: PageNames, onDelete: ((row: SilenceRow) => void) | undefined) {
  const col = columnHelper<SilenceRow>();
  // Expired silences are struck through.
  const struck = (row: SilenceRow, content: string) => (
    <span
      className={cn('truncate', isExpired(row) && 'text-muted line-through')}
      title={isExpired(row) ? 'Expired' : undefined}
    >
      {content}
    </span>
  );
  return col.columns([
    col.display({
      id: 'resource',
      header: 'Resource',
      size: 260,
      cell: (c) => struck(c.row.original, resourceText(c.row.original, names)),
    }),
    col.accessor('until', {
      id: 'until',
      header: 'Duration',
      size: 160,
      cell: (c) => (
        <span
          title={`${c.row.original.from ? formatDateTime(c.row.original.from) : ''} → ${c.row.original.until ? formatDateTime(c.row.original.until) : ''}`}
        >
          {struck(c.row.original, durationText(c.row.original))}
        </span>
      ),
    }),
    col.accessor('source', {
      header: 'Source',
      size: 100,
      cell: (c) => struck(c.row.original, c.getValue() ?? ''),
    }),
    col.accessor('description', {
      header: 'Reason',
      size: 240,
      cell: (c) => struck(c.row.original, c.getValue() ?? ''),
    }),
    col.display({
      id: 'created_by',
      header: 'Created By',
      size: 140,
      cell: (c) => struck(c.row.original, names.people.get(c.row.original.created_by ?? '') ?? ''),
    }),
    col.display({
      id: 'delete',
      header: 'Delete',
      size: 70,
      cell: (c) =>
        onDelete ? (
          <button
            type="button"
            className="btn btn-ghost btn-icon h-7 w-7"
            aria-label="Delete silence"
            onClick={(ev) => {
              ev.stopPropagation();
              onDelete(c.row.original);
            }}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        ) : null,
    }),
  ]);
}

/** /notifications/silences: live silences, expired ones struck through; a row opens the edit modal (?id=). */
export function SilencesPage() {
  const canWrite = useHasPermission('notifications', 'write');
  const { loaded } = usePermissions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const [toDelete, setToDelete] = useState<SilenceRow | null>(null);
  const table = useTableUrlState('', TABLE_DEFAULTS);
  const { pageIndex, pageSize } = table.pagination;
  const list = useQuery({
    queryKey: notificationKeys.silences(pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchSilences(pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const rows = list.data?.data ?? [];
  const names = usePageNames(rows);
  const { config, component, check, people } = names;
  // Cell renderers are components: new ones per render would remount every cell.
  const columns = useMemo(
    () => columnsFor({ config, component, check, people }, canWrite ? setToDelete : undefined),
    [config, component, check, people, canWrite],
  );
  const remove = useMutation({
    mutationFn: (id: string) => deleteSilence(id),
    onSuccess: async () => {
      toast.success('Silence deleted successfully', { duration: TOAST_MS });
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
  const openId = params.get('id');

  return (
    <NotificationsFrame
      tab="Silences"
      actions={
        canWrite ? (
          <PrimaryAction
            icon={Plus}
            label="Add Silence"
            onClick={() => void navigate('/notifications/silences/add')}
          />
        ) : null
      }
    >
      {list.isError && !list.data ? (
        <ErrorView error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          id="notifications-silences"
          className="flex-1"
          columns={columns}
          data={rows}
          totalEntries={list.data?.totalEntries}
          manual
          loading={list.isFetching}
          defaults={TABLE_DEFAULTS}
          getRowId={(r) => r.id}
          onRowClick={(r) => setParams({ id: r.id }, { push: true })}
          emptyText="No silences"
        />
      )}
      {loaded && openId ? (
        <SilenceDialog key={openId} id={openId} canWrite={canWrite} onClose={() => setParams({ id: null })} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Delete Silence"
        description={toDelete ? `Delete the silence for ${resourceText(toDelete, names)}?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting"
        busy={remove.isPending}
        destructive
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </NotificationsFrame>
  );
}
