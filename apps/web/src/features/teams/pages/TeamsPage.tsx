import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { useTeams, type Team } from '../api/teams.js';

const col = columnHelper<Team>();
const columns = col.columns([
  col.accessor('name', { header: 'Name', size: 280 }),
  col.accessor((t) => t.icon ?? '', { id: 'icon', header: 'Icon', size: 140 }),
  col.accessor((t) => t.created_at ?? '', {
    id: 'created_at',
    header: 'Created At',
    size: 160,
    cell: (c) => <span title={formatDateTime(c.getValue())}>{formatRelativeTime(c.getValue())}</span>,
  }),
  col.accessor((t) => t.updated_at ?? '', {
    id: 'updated_at',
    header: 'Updated At',
    size: 160,
    cell: (c) => <span title={formatDateTime(c.getValue())}>{formatRelativeTime(c.getValue())}</span>,
  }),
]);

/** Settings → Teams: the list; a row opens the team. */
export function TeamsPage() {
  const teams = useTeams();
  const navigate = useNavigate();
  const canWrite = useHasPermission('database', 'write');
  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Teams' }]}
      actions={
        canWrite ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void navigate('/settings/teams/new')}
          >
            <Plus className="size-4" aria-hidden /> Add Team
          </button>
        ) : null
      }
    >
      {teams.isError ? (
        <ErrorView error={teams.error} onRetry={() => void teams.refetch()} />
      ) : (
        <DataTable
          id="settings-teams"
          columns={columns}
          data={teams.data ?? []}
          loading={teams.isPending}
          getRowId={(t) => t.id}
          onRowClick={(t) => void navigate(`/settings/teams/${t.id}`)}
          pagination={false}
        />
      )}
    </Page>
  );
}
