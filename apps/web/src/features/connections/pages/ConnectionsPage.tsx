import { connectionType, formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { CACHE } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { DEFAULT_SORT, fetchConnections, type ConnectionRow } from '../api/connections.js';
import { connectionKeys } from '../api/keys.js';
import { ConnectionDialog, NEW_CONNECTION } from '../components/ConnectionDialog.js';
import { ConnectionsSkeleton } from '../components/ConnectionsSkeleton.js';
import { connectionTypeIcon } from '../lib/typeIcon.js';

const TABLE_DEFAULTS = { sortBy: DEFAULT_SORT.id, sortDesc: DEFAULT_SORT.desc };
/** The URL parameter naming the connection the dialog edits ('new' adds one). */
const DIALOG_PARAM = 'connection';

const time = (v: string | null) =>
  v ? <span title={formatDateTime(v)}>{formatRelativeTime(v)}</span> : <span className="text-muted">—</span>;

const col = columnHelper<ConnectionRow>();
const columns = col.columns([
  col.accessor('name', {
    header: 'Name',
    size: 260,
    cell: (c) => {
      const Icon = connectionTypeIcon(c.row.original.type);
      return (
        <span className="flex items-center gap-2">
          <Icon className="size-4 shrink-0 text-muted" aria-hidden />
          <span className="truncate">{c.getValue()}</span>
        </span>
      );
    },
  }),
  col.accessor((r) => r.namespace ?? '', { id: 'namespace', header: 'Namespace', size: 140 }),
  col.accessor('type', {
    header: 'Type',
    size: 150,
    cell: (c) => connectionType(c.getValue())?.title ?? c.getValue(),
  }),
  // Never blank: the person (name, else email); a row no person made (demo data, GitOps) names its source.
  col.accessor((r) => r.created_by?.name || r.created_by?.email || '', {
    id: 'created_by',
    header: 'Created By',
    size: 140,
    enableSorting: false,
    cell: (c) =>
      c.getValue() || (
        <span className="text-muted" title="Not created by a person">
          {c.row.original.source || '—'}
        </span>
      ),
  }),
  col.accessor('created_at', { header: 'Created', size: 130, cell: (c) => time(c.getValue()) }),
  col.accessor('updated_at', { header: 'Updated', size: 130, cell: (c) => time(c.getValue()) }),
]);

function EmptyState({ canWrite, onAdd }: { canWrite: boolean; onAdd: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 py-4">
      <span className="font-medium text-fg">No connections yet</span>
      <span>Connections keep credentials in one place for checks, scrapers and notifications.</span>
      {canWrite ? (
        <button type="button" className="btn btn-primary mt-1" onClick={onAdd}>
          <Plus className="size-4" aria-hidden /> Add Connection
        </button>
      ) : null}
    </div>
  );
}

/**
 * Settings → Connections (docs/connections.md): a server-sorted, server-paged list for every reader;
 * users who may write connections add, edit, test and delete them in a dialog.
 */
export function ConnectionsPage() {
  const canWrite = useHasPermission('connections', 'write');
  const [params, setParams] = useUrlParams();
  const table = useTableUrlState('', TABLE_DEFAULTS);
  const { pageIndex, pageSize } = table.pagination;
  const list = useQuery({
    queryKey: connectionKeys.list(pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchConnections(pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    ...CACHE.settings,
  });

  const target = canWrite ? (params.get(DIALOG_PARAM) ?? undefined) : undefined;
  const openDialog = (value: string) => setParams({ [DIALOG_PARAM]: value }, { push: true });
  const add = () => openDialog(NEW_CONNECTION);

  let content;
  if (list.isPending) content = <ConnectionsSkeleton />;
  else if (list.isError && !list.data)
    content = <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  else
    content = (
      <DataTable
        id="settings-connections"
        className="flex-1"
        columns={columns}
        data={list.data?.data ?? []}
        totalEntries={list.data?.totalEntries}
        manual
        loading={list.isFetching}
        defaults={TABLE_DEFAULTS}
        getRowId={(r) => r.id}
        onRowClick={canWrite ? (r) => openDialog(r.id) : undefined}
        emptyText={<EmptyState canWrite={canWrite} onAdd={add} />}
      />
    );

  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Connections' }]}
      actions={canWrite ? <PrimaryAction icon={Plus} label="Add Connection" onClick={add} /> : null}
    >
      {content}
      {target ? (
        <ConnectionDialog
          // A fresh dialog per target: a new connection's picker state never leaks into an edit.
          key={target}
          target={target}
          onClose={() => setParams({ [DIALOG_PARAM]: null })}
          onCreated={(id) => setParams({ [DIALOG_PARAM]: id })}
        />
      ) : null}
    </Page>
  );
}
