import { formatCount, formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { Badge } from '../../../ui/Badge.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { AGENT_PAGE_SIZES, DEFAULT_SORT, fetchAgents, type AgentRow } from '../api/agents.js';
import { agentKeys } from '../api/keys.js';
import { CreateAgentDialog } from '../components/CreateAgentDialog.js';
import { EditAgentDialog } from '../components/EditAgentDialog.js';
import { InstallInstructionsDialog } from '../components/InstallInstructionsDialog.js';
import type { InstallInput } from '../lib/install.js';
import { agentStatus } from '../lib/status.js';

const TABLE_DEFAULTS = { sortBy: DEFAULT_SORT.id, sortDesc: DEFAULT_SORT.desc, pageSize: 50 };

function StatusCell({ row }: { row: AgentRow }) {
  const status = agentStatus(row);
  return (
    <span className="flex items-center gap-2">
      <Badge tone={status === 'Online' ? 'green' : 'grey'}>{status}</Badge>
      <span
        className="truncate text-xs text-muted"
        title={row.last_seen ? formatDateTime(row.last_seen) : undefined}
      >
        {row.last_seen ? `last seen ${formatRelativeTime(row.last_seen)}` : 'never seen'}
      </span>
    </span>
  );
}

const countCell = (v: number | null | undefined) => formatCount(v ?? 0);

const col = columnHelper<AgentRow>();
const columns = col.columns([
  col.accessor('name', { header: 'Name', size: 220 }),
  col.accessor((r) => r.last_seen ?? '', {
    id: 'last_seen',
    header: 'Status',
    size: 220,
    cell: (c) => <StatusCell row={c.row.original} />,
  }),
  col.accessor('config_count', { header: 'Configs', size: 100, cell: (c) => countCell(c.getValue()) }),
  col.accessor('checks_count', { header: 'Checks', size: 100, cell: (c) => countCell(c.getValue()) }),
  col.accessor('config_scrapper_count', {
    header: 'Scrapers',
    size: 100,
    cell: (c) => countCell(c.getValue()),
  }),
  col.accessor('playbook_runs_count', {
    header: 'Playbook Runs',
    size: 120,
    cell: (c) => countCell(c.getValue()),
  }),
  col.accessor('created_at', {
    header: 'Created',
    size: 130,
    cell: (c) => {
      const v = c.getValue();
      return v ? <span title={formatDateTime(v)}>{formatRelativeTime(v)}</span> : '—';
    },
  }),
]);

/**
 * Agents (/agents and /settings/agents): a server-sorted, server-paged list. `addAgent=true`
 * opens the create dialog and `id` the edit dialog; only users who may write agents get them.
 */
export function AgentsPage() {
  const canWrite = useHasPermission('agents', 'write');
  const underSettings = useLocation().pathname.startsWith('/settings/');
  const [params, setParams] = useUrlParams();
  const table = useTableUrlState('', TABLE_DEFAULTS);
  const { pageIndex, pageSize } = table.pagination;
  // The install texts carry the token: kept in memory only, gone when their dialog closes.
  const [installed, setInstalled] = useState<InstallInput>();
  const list = useQuery({
    queryKey: agentKeys.list(pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchAgents(pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    ...CACHE.settings,
  });

  const adding = canWrite && params.get('addAgent') === 'true';
  const editing = canWrite ? (params.get('id') ?? undefined) : undefined;
  const add = () => setParams({ addAgent: 'true', id: null }, { push: true });

  let content;
  if (list.isError && !list.data)
    content = <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  else
    content = (
      <DataTable
        id="agents"
        className="flex-1"
        columns={columns}
        data={list.data?.data ?? []}
        totalEntries={list.data?.totalEntries}
        manual
        loading={list.isFetching}
        defaults={TABLE_DEFAULTS}
        pageSizes={AGENT_PAGE_SIZES}
        getRowId={(r) => r.id}
        onRowClick={canWrite ? (r) => setParams({ id: r.id }, { push: true }) : undefined}
      />
    );

  return (
    <Page
      crumbs={underSettings ? [{ label: 'Settings' }, { label: 'Agents' }] : [{ label: 'Agents' }]}
      actions={canWrite ? <PrimaryAction icon={Plus} label="Add Agent" onClick={add} /> : null}
    >
      {content}
      {adding ? (
        <CreateAgentDialog
          onClose={() => setParams({ addAgent: null })}
          onCreated={(agent, form) => {
            setInstalled({ form, token: agent.access_token, consoleUrl: window.location.origin });
            setParams({ addAgent: null });
          }}
        />
      ) : null}
      {editing ? (
        <EditAgentDialog key={editing} id={editing} onClose={() => setParams({ id: null })} />
      ) : null}
      {installed ? (
        <InstallInstructionsDialog input={installed} onClose={() => setInstalled(undefined)} />
      ) : null}
    </Page>
  );
}
