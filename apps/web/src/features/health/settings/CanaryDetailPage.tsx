import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useParams } from 'react-router';
import { CACHE } from '../../../api/queryClient.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { jobRunColumns } from '../../../ui/jobRunColumns.js';
import { Page } from '../../../ui/Page.js';
import { Tabs } from '../../../ui/Tabs.js';
import { fetchCanary, fetchCanaryJobs, type CanaryJob } from './canaryApi.js';
import { CanaryForm } from './CanaryForm.js';
import { healthKeys } from '../api/keys.js';

const col = columnHelper<CanaryJob>();
const jobColumns = col.columns([
  ...jobRunColumns(col),
  col.accessor('created_at', {
    header: 'Started',
    size: 170,
    enableSorting: false,
    cell: (c) => <span title={formatDateTime(c.getValue())}>{formatRelativeTime(c.getValue())}</span>,
  }),
]);

function JobHistoryTab({ id }: { id: string }) {
  const jobs = useQuery({
    queryKey: healthKeys.canaryJobs(id),
    queryFn: ({ signal }) => fetchCanaryJobs([id], 100, signal),
    ...CACHE.settings,
  });
  return (
    <DataTable
      id="canary-job-history"
      columns={jobColumns}
      data={jobs.data ?? []}
      manual
      pagination={false}
      loading={jobs.isFetching}
      getRowId={(r) => r.id}
    />
  );
}

const CRUMB = { label: 'Health Checks', href: '/settings/canaries' };

/** /settings/canaries/{id} and /settings/canaries/new: a canary's settings detail page. */
export function CanaryDetailPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const canary = useQuery({
    queryKey: healthKeys.canary(id),
    queryFn: ({ signal }) => fetchCanary(id, signal),
    enabled: !isNew,
    meta: { silent: true },
    ...CACHE.settings,
  });
  if (isNew)
    return (
      <Page crumbs={[{ label: 'Settings' }, CRUMB, { label: 'New' }]}>
        <CanaryForm />
      </Page>
    );
  if (canary.isPending)
    return (
      <Page crumbs={[{ label: 'Settings' }, CRUMB]}>
        <Loader2 className="mx-auto size-5 animate-spin text-muted" aria-label="Loading" />
      </Page>
    );
  if (canary.isError)
    return (
      <Page crumbs={[{ label: 'Settings' }, CRUMB]}>
        <ErrorView error={canary.error} onRetry={() => void canary.refetch()} />
      </Page>
    );
  const row = canary.data;
  if (!row)
    return (
      <Page crumbs={[{ label: 'Settings' }, CRUMB]}>
        <div className="card flex h-28 items-center justify-center text-muted">No resources found</div>
      </Page>
    );
  return (
    <Page crumbs={[{ label: 'Settings' }, CRUMB, { label: row.name }]}>
      <Tabs
        className="flex min-h-0 flex-1 flex-col"
        tabs={[
          { value: 'spec', label: 'Spec', content: <CanaryForm key={row.id} row={row} /> },
          { value: 'jobHistory', label: 'Job History', content: <JobHistoryTab id={row.id} /> },
        ]}
      />
    </Page>
  );
}
