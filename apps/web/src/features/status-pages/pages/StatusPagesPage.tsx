import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExternalLink, Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { columnHelper, DataTable, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { statusPageKeys } from '../api/keys.js';
import { fetchStatusPages, type StatusPageRow } from '../api/statusPages.js';

const col = columnHelper<StatusPageRow>();

const COLUMNS = [
  col.accessor('title', { header: 'Title', size: 220 }),
  col.accessor('slug', {
    header: 'Slug',
    size: 160,
    cell: ({ getValue }) => (
      <a
        className="text-brand-600 hover:underline inline-flex items-center gap-1"
        href={`/status/${getValue()}`}
        target="_blank"
        rel="noreferrer"
        onClick={(e) => e.stopPropagation()}
      >
        {getValue()} <ExternalLink className="size-3" />
      </a>
    ),
  }),
  col.accessor((r) => r.groups.length, { id: 'groups', header: 'Groups', size: 80, enableSorting: false }),
  col.accessor((r) => r.custom_domain ?? '', { id: 'custom_domain', header: 'Custom domain', size: 180 }),
  col.accessor((r) => r.source ?? '', { id: 'source', header: 'Source', size: 90 }),
  col.accessor('updated_at', {
    header: 'Updated',
    size: 130,
    cell: ({ getValue }) => <span title={formatDateTime(getValue())}>{formatRelativeTime(getValue())}</span>,
  }),
];

/** /settings/status-pages: the pages, sorted and paged by the server; a row opens its editor. */
export function StatusPagesPage() {
  const state = useTableUrlState('', { sortBy: 'slug' });
  const canWrite = useHasPermission('status_pages', 'write');
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: statusPageKeys.list(state.sorting, state.pagination),
    queryFn: ({ signal }) => fetchStatusPages(state.sorting, state.pagination, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CACHE.settings,
  });
  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Status Pages' }]}
      actions={
        canWrite ? (
          <PrimaryAction
            icon={Plus}
            label="Add Status Page"
            onClick={() => void navigate('/settings/status-pages/new')}
          />
        ) : null
      }
    >
      {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
      <DataTable
        id="settings-status-pages"
        className="flex-1"
        columns={COLUMNS}
        data={list.data?.data ?? []}
        manual
        totalEntries={list.data?.totalEntries}
        defaults={{ sortBy: 'slug' }}
        loading={list.isFetching}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`/settings/status-pages/${r.id}`)}
      />
    </Page>
  );
}
