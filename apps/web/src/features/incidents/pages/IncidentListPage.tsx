import { formatDateTime } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { Avatar } from '../../../ui/Avatar.js';
import { DataTable, columnHelper, tableParamKeys, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { incidentKeys } from '../api/keys.js';
import { fetchIncidents } from '../api/list.js';
import type { IncidentRow } from '../api/types.js';
import { CreateIncidentModal } from '../components/CreateIncidentModal.js';
import { IncidentFilters } from '../components/IncidentFilters.js';
import { ListSkeleton } from '../components/ListSkeleton.js';
import { ResponderAvatars } from '../components/ResponderAvatars.js';
import {
  ALL,
  DEFAULT_STATUS,
  filtersFromParams,
  label,
  type IncidentFilters as Filters,
} from '../lib/filters.js';

export const EMPTY_TEXT = 'There are no incidents matching this criteria';

const col = columnHelper<IncidentRow>();
const columns = col.columns([
  col.accessor('incident_id', { header: 'ID', size: 100 }),
  col.accessor('title', { header: 'Title', size: 260 }),
  col.accessor('severity', { header: 'Severity', size: 100, cell: (c) => label(c.getValue()) }),
  col.accessor('status', { header: 'Status', size: 110, cell: (c) => label(c.getValue()) }),
  col.accessor('type', { header: 'Type', size: 120, cell: (c) => label(c.getValue()) }),
  col.accessor((r) => r.commander?.name ?? '', {
    id: 'commander',
    header: 'Commander',
    size: 160,
    enableSorting: false,
    cell: (c) => {
      const p = c.row.original.commander;
      return p ? (
        <span className="flex items-center gap-1.5">
          <Avatar name={p.name} src={p.avatar ?? null} size="sm" />
          {p.name}
        </span>
      ) : null;
    },
  }),
  col.accessor((r) => r.responders.length, {
    id: 'responders',
    header: 'Responders',
    size: 150,
    enableSorting: false,
    cell: (c) => <ResponderAvatars responders={c.row.original.responders} />,
  }),
  col.accessor('created_at', { header: 'Created', size: 150, cell: (c) => formatDateTime(c.getValue()) }),
]);

/** /incidents: filtered, server-paged incidents; the plus button creates one. */
export function IncidentListPage() {
  const navigate = useNavigate();
  const canWrite = useHasPermission('incident', 'write');
  const [params, setParams] = useUrlParams();
  const table = useTableUrlState('', { sortBy: 'created_at', sortDesc: true });
  const { pageIndex, pageSize } = table.pagination;
  const filters = filtersFromParams(params);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: incidentKeys.list(filters, pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchIncidents(filters, pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  const setFilter = (key: keyof Filters, value: string) => {
    // Status defaults to open, so 'all' must stay in the URL for it; others drop 'all'.
    const stored =
      key === 'status' ? (value === DEFAULT_STATUS ? null : value) : value === ALL ? null : value;
    // A new filter starts again at the first page.
    setParams({ [key]: stored, [tableParamKeys().pageIndex]: null });
  };

  return (
    <Page
      crumbs={[{ label: 'Incidents' }]}
      actions={
        canWrite ? (
          <button
            type="button"
            className="btn btn-primary btn-icon"
            aria-label="Create New Incident"
            onClick={() => setCreating(true)}
          >
            <Plus className="size-4" aria-hidden />
          </button>
        ) : null
      }
    >
      <IncidentFilters filters={filters} onChange={setFilter} />
      {list.isError && !list.data ? (
        <ErrorView error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <ListSkeleton />
      ) : (
        <DataTable
          id="incidents"
          className="flex-1"
          columns={columns}
          data={list.data.data}
          totalEntries={list.data.totalEntries}
          defaults={{ sortBy: 'created_at', sortDesc: true }}
          manual
          loading={list.isFetching}
          getRowId={(r) => r.id}
          onRowClick={(r) => void navigate(`/incidents/${r.id}`)}
          emptyText={EMPTY_TEXT}
        />
      )}
      <CreateIncidentModal open={creating} onOpenChange={setCreating} />
    </Page>
  );
}
