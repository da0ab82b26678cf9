import {
  activeOccurrence,
  formatDateTime,
  nextOccurrences,
  type MaintenanceWindowRow,
} from '@opsdeck/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { Badge } from '../../../ui/Badge.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { deleteWindow, fetchWindows, maintenanceKeys, WINDOWS_DEFAULT_SORT } from '../api/windows.js';
import { WindowDialog } from '../components/WindowDialog.js';

const TABLE_DEFAULTS = { sortBy: WINDOWS_DEFAULT_SORT.id, sortDesc: WINDOWS_DEFAULT_SORT.desc };

/** "0 2 * * 6 for 2h (Europe/Berlin)" or the one-off's start and end. */
function whenText(w: MaintenanceWindowRow): string {
  if (w.schedule) return `${w.schedule} for ${w.duration ?? '?'} (${w.time_zone})`;
  return `${formatDateTime(w.starts_at)} → ${formatDateTime(w.ends_at)}`;
}

function stateOf(w: MaintenanceWindowRow, now: Date): { label: string; tone: 'blue' | 'grey' | 'green' } {
  const active = activeOccurrence(w, now);
  if (active) return { label: `active until ${formatDateTime(active.end)}`, tone: 'blue' };
  const next = nextOccurrences(w, now, 1)[0];
  return next
    ? { label: `next ${formatDateTime(next.start)}`, tone: 'green' }
    : { label: 'over', tone: 'grey' };
}

function columnsFor(onDelete: ((w: MaintenanceWindowRow) => void) | undefined) {
  const col = columnHelper<MaintenanceWindowRow>();
  const now = new Date();
  return col.columns([
    col.accessor('name', { header: 'Name', size: 220 }),
    col.accessor('namespace', { header: 'Namespace', size: 120 }),
    col.accessor('schedule', { header: 'When', size: 280, cell: (c) => whenText(c.row.original) }),
    col.display({
      id: 'state',
      header: 'State',
      size: 220,
      cell: (c) => {
        const s = stateOf(c.row.original, now);
        return <Badge tone={s.tone}>{s.label}</Badge>;
      },
    }),
    col.accessor((w) => w.source ?? '', { id: 'source', header: 'Source', size: 80, enableSorting: false }),
    col.accessor('created_at', { header: 'Created', size: 150, cell: (c) => formatDateTime(c.getValue()) }),
    ...(onDelete
      ? [
          col.display({
            id: 'actions',
            header: '',
            size: 48,
            cell: (c) => (
              <button
                type="button"
                className="btn"
                aria-label={`Delete ${c.row.original.name}`}
                onClick={(ev) => {
                  ev.stopPropagation();
                  onDelete(c.row.original);
                }}
              >
                <Trash2 className="size-3.5" aria-hidden />
              </button>
            ),
          }),
        ]
      : []),
  ]);
}

/** Settings → Maintenance: windows paged and sorted by the server; a row opens its form. */
export function MaintenancePage() {
  const canWrite = useHasPermission('maintenance', 'write');
  const queryClient = useQueryClient();
  const table = useTableUrlState('', TABLE_DEFAULTS);
  const { pageIndex, pageSize } = table.pagination;
  const [editing, setEditing] = useState<MaintenanceWindowRow | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<MaintenanceWindowRow | null>(null);
  const list = useQuery({
    queryKey: maintenanceKeys.page(pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchWindows(pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const columns = useMemo(() => columnsFor(canWrite ? setToDelete : undefined), [canWrite]);
  const remove = useMutation({
    mutationFn: (id: string) => deleteWindow(id),
    onSuccess: async () => {
      toast.success('Maintenance window deleted', { duration: TOAST_MS });
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    },
  });
  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Maintenance' }]}
      actions={
        canWrite ? (
          <PrimaryAction icon={Plus} label="Add Maintenance Window" onClick={() => setEditing('new')} />
        ) : null
      }
    >
      {list.isError && !list.data ? (
        <ErrorView error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          id="settings-maintenance"
          className="flex-1"
          columns={columns}
          data={list.data?.data ?? []}
          totalEntries={list.data?.totalEntries}
          manual
          loading={list.isFetching}
          defaults={TABLE_DEFAULTS}
          getRowId={(w) => w.id}
          onRowClick={(w) => setEditing(w)}
          emptyText="No maintenance windows"
        />
      )}
      {editing ? (
        <WindowDialog
          key={editing === 'new' ? 'new' : editing.id}
          row={editing === 'new' ? undefined : editing}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Delete Maintenance Window"
        description={toDelete ? `Delete the maintenance window ${toDelete.name}?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting"
        busy={remove.isPending}
        destructive
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </Page>
  );
}
