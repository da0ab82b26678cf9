import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { CACHE } from '../../api/queryClient.js';
import { DataTable, columnHelper } from '../DataTable/index.js';
import { jobRunColumns } from '../jobRunColumns.js';
import { settingsResourceKeys } from './keys.js';
import { fetchSettingsJobs, type SettingsJob } from './settingsResourceApi.js';

const col = columnHelper<SettingsJob>();
const columns = col.columns([
  ...jobRunColumns(col),
  col.accessor('created_at', {
    header: 'Started',
    size: 170,
    enableSorting: false,
    cell: (c) => <span title={formatDateTime(c.getValue())}>{formatRelativeTime(c.getValue())}</span>,
  }),
]);

/** The jobHistory tab: the row's last 100 runs, newest first. */
export function JobHistoryTab({
  table,
  resourceType,
  id,
}: {
  table: string;
  resourceType: string;
  id: string;
}) {
  const jobs = useQuery({
    queryKey: settingsResourceKeys.jobs(table, id),
    queryFn: ({ signal }) => fetchSettingsJobs(resourceType, [id], 100, signal),
    ...CACHE.settings,
  });
  return (
    <DataTable
      id={`settings-${table}-job-history`}
      columns={columns}
      data={jobs.data ?? []}
      manual
      pagination={false}
      loading={jobs.isFetching}
      getRowId={(r) => r.id}
    />
  );
}
