import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { JobStatusBadge } from '../../../ui/JobStatusBadge.js';
import { Tags, type TagMap } from '../../../ui/Tags.js';
import { fetchCanaries, fetchCanaryJobs, fetchPeople, type CanaryJob, type CanaryRow } from './canaryApi.js';
import { healthKeys } from '../api/keys.js';
import { AddCheckLink } from '../components/NoChecksEmpty.js';

type ListRow = CanaryRow & { job?: CanaryJob; lastFailed?: string; createdByName?: string };

function When({ time }: { time: string | null | undefined }) {
  if (!time) return <span className="text-muted">—</span>;
  return <span title={formatDateTime(time)}>{formatRelativeTime(time)}</span>;
}

const col = columnHelper<ListRow>();
const columns = col.columns([
  col.accessor('name', {
    header: 'Name',
    size: 180,
    cell: (c) => <span className="font-medium">{c.getValue()}</span>,
  }),
  col.accessor('source', { header: 'Source', size: 80 }),
  col.accessor('schedule', { header: 'Schedule', size: 105 }),
  col.display({
    id: 'job_status',
    header: 'Job Status',
    size: 175,
    enableSorting: false,
    cell: ({ row: { original: r } }) =>
      r.job ? (
        <span className="flex items-center gap-1.5">
          <JobStatusBadge status={r.job.status} />
          <Link
            to={`/settings/jobs?resourceId=${r.id}&status=all`}
            className="text-xs text-brand-600 hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            (View details)
          </Link>
        </span>
      ) : (
        <span className="text-muted">—</span>
      ),
  }),
  col.accessor('last_runtime', { header: 'Last Run', size: 115, cell: (c) => <When time={c.getValue()} /> }),
  col.display({
    id: 'last_failed',
    header: 'Last Failed',
    size: 110,
    enableSorting: false,
    cell: ({ row: { original: r } }) => <When time={r.lastFailed} />,
  }),
  col.display({
    id: 'tags',
    header: 'Tags',
    size: 230,
    enableSorting: false,
    cell: ({ row: { original: r } }) => <Tags tags={(r.labels ?? {}) as TagMap} max={1} />,
  }),
  col.accessor('created_at', { header: 'Created', size: 115, cell: (c) => <When time={c.getValue()} /> }),
  col.accessor('updated_at', { header: 'Updated', size: 115, cell: (c) => <When time={c.getValue()} /> }),
  col.display({
    id: 'created_by',
    header: 'Created By',
    size: 130,
    enableSorting: false,
    cell: ({ row: { original: r } }) => r.createdByName ?? <span className="text-muted">—</span>,
  }),
]);

/** Settings › Health Checks: canaries sorted by the server; a row opens its detail. */
export function CanariesPage() {
  const table = useTableUrlState('', { sortBy: 'name' });
  const canWrite = useHasPermission('canaries', 'write');
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: healthKeys.canaries(table.sorting),
    queryFn: async ({ signal }) => {
      const canaries = await fetchCanaries(table.sorting, signal);
      const ids = canaries.map((c) => c.id);
      const [jobs, people] = await Promise.all([
        fetchCanaryJobs(ids, 2000, signal),
        fetchPeople(
          canaries.map((c) => c.created_by).filter((v): v is string => !!v),
          signal,
        ),
      ]);
      return { canaries, jobs, people };
    },
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CACHE.settings,
  });
  const data = useMemo<ListRow[]>(() => {
    if (!list.data) return [];
    const latest = new Map<string, CanaryJob>();
    const failed = new Map<string, string>();
    for (const j of list.data.jobs) {
      if (!j.resource_id) continue;
      if (!latest.has(j.resource_id)) latest.set(j.resource_id, j);
      if (j.status === 'FAILED' && !failed.has(j.resource_id)) failed.set(j.resource_id, j.created_at);
    }
    return list.data.canaries.map((c) => ({
      ...c,
      job: latest.get(c.id),
      lastFailed: failed.get(c.id),
      createdByName: c.created_by ? list.data.people.get(c.created_by) : undefined,
    }));
  }, [list.data]);

  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Health Checks' }]}
      actions={canWrite ? <AddCheckLink /> : null}
    >
      {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
      <DataTable
        id="settings-canaries"
        className="flex-1"
        columns={columns}
        data={data}
        manual
        pagination={false}
        defaults={{ sortBy: 'name' }}
        loading={list.isFetching}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`/settings/canaries/${r.id}`)}
      />
    </Page>
  );
}
