import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CACHE } from '../../../api/queryClient.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { jobRunColumns } from '../../../ui/jobRunColumns.js';
import { fetchScraperJobs, type ScraperJob } from '../api/scrapers.js';
import { whenCell } from './cells.js';
import { catalogKeys } from '../api/keys.js';

function errorsOf(details: ScraperJob['details']): string {
  const e = details?.errors;
  return Array.isArray(e) ? e.map(String).join('; ') : '';
}

const col = columnHelper<ScraperJob>();
const columns = col.columns([
  col.accessor('created_at', {
    header: 'Started',
    size: 140,
    enableSorting: false,
    cell: whenCell,
  }),
  ...jobRunColumns(col),
  col.accessor((r) => errorsOf(r.details), {
    id: 'details',
    header: 'Details',
    size: 420,
    enableSorting: false,
    cell: (c) => (
      <span className="truncate text-health-unhealthy" title={c.getValue()}>
        {c.getValue()}
      </span>
    ),
  }),
]);

const DEFAULTS = { pageSize: 50 } as const;

/** Job history of one scraper (job_histories filtered by resource_id). */
export function ScraperJobs({ scraperId }: { scraperId: string }) {
  const table = useTableUrlState('jobs_', DEFAULTS);
  const jobs = useQuery({
    queryKey: catalogKeys.scraperJobs(scraperId, table.pagination),
    queryFn: ({ signal }) =>
      fetchScraperJobs(scraperId, table.pagination.pageIndex, table.pagination.pageSize, signal),
    placeholderData: keepPreviousData,
    ...CACHE.settings,
  });
  return (
    <DataTable
      id="scraper-jobs"
      urlPrefix="jobs_"
      className="flex-1"
      columns={columns}
      data={jobs.data?.data ?? []}
      totalEntries={jobs.data?.totalEntries}
      manual
      defaults={DEFAULTS}
      loading={jobs.isFetching}
      getRowId={(r) => r.id}
      emptyText="No runs yet"
    />
  );
}
