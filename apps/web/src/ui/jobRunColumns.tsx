import { formatDuration } from '@opsdeck/shared';
import type { ColumnHelper } from '@tanstack/react-table';
import type { DataTableFeatures } from './DataTable/features.js';
import { JobStatusBadge } from './JobStatusBadge.js';

/** The job_history fields a run list shows. */
type JobRun = {
  status: string;
  duration_millis: number | null;
  success_count: number | null;
  error_count: number | null;
};

/** Status, Duration, Success and Errors: the columns of a resource's run list (scraper, canary). */
export function jobRunColumns<T extends JobRun>(col: ColumnHelper<DataTableFeatures, T>) {
  const fixed = { enableSorting: false } as const;
  return [
    col.accessor((r) => r.status, {
      id: 'status',
      header: 'Status',
      size: 110,
      ...fixed,
      cell: (c) => <JobStatusBadge status={c.getValue()} />,
    }),
    col.accessor((r) => r.duration_millis, {
      id: 'duration_millis',
      header: 'Duration',
      size: 100,
      ...fixed,
      cell: (c) => formatDuration(c.getValue()),
    }),
    col.accessor((r) => r.success_count, { id: 'success_count', header: 'Success', size: 90, ...fixed }),
    col.accessor((r) => r.error_count, { id: 'error_count', header: 'Errors', size: 90, ...fixed }),
  ];
}
