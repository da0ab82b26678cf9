import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../auth/permissions.js';
import { columnHelper } from '../../../ui/DataTable/index.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { QueryTable } from '../../../ui/QueryTable.js';
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
          <PrimaryAction icon={Plus} label="Add Team" onClick={() => void navigate('/settings/teams/new')} />
        ) : null
      }
    >
      <QueryTable
        id="settings-teams"
        query={teams}
        columns={columns}
        getRowId={(t) => t.id}
        onRowClick={(t) => void navigate(`/settings/teams/${t.id}`)}
        pagination={false}
      />
    </Page>
  );
}
