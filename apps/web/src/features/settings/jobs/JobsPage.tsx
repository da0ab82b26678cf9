import { formatDateTime, formatDuration, formatRelativeTime, DEFAULT_TIME_RANGE } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CACHE } from '../../../api/queryClient.js';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { Badge } from '../../../ui/Badge.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { JobStatusBadge } from '../../../ui/JobStatusBadge.js';
import { Page } from '../../../ui/Page.js';
import { Select } from '../../../ui/Select.js';
import { TimeRangePicker } from '../../../ui/TimeRangePicker/TimeRangePicker.js';
import { useTimeRangeParams } from '../../../ui/TimeRangePicker/timeRangeParams.js';
import { TriStateMenu } from '../../../ui/TriStateMenu.js';
import { decodeTriState, encodeTriState } from '../../../ui/triState.js';
import { JobDetailsModal, jobDetailTabs } from './JobDetailsModal.js';
import {
  DEFAULT_STATUS_FILTER,
  DURATION_OPTIONS,
  fetchJobHistory,
  fetchJobNames,
  RESOURCE_TYPES,
  STATUS_OPTIONS,
  type JobHistory,
} from './jobHistory.js';
import { settingsKeys } from '../api/keys.js';

const col = columnHelper<JobHistory>();
const columns = col.columns([
  col.accessor('name', { header: 'Job Name', size: 240 }),
  col.accessor('resource_type', {
    header: 'Resource',
    size: 220,
    cell: (c) => {
      const r = c.row.original;
      if (!r.resource_type) return <span className="text-muted">—</span>;
      return (
        <span className="flex items-center gap-1.5">
          <Badge>{r.resource_type}</Badge>
          <span className="truncate">{r.resource_name ?? r.resource_id}</span>
        </span>
      );
    },
  }),
  col.accessor('status', {
    header: 'Status',
    size: 110,
    cell: (c) => <JobStatusBadge status={c.getValue()} />,
  }),
  col.accessor('duration_millis', {
    header: 'Duration',
    size: 100,
    cell: (c) => formatDuration(c.getValue()),
  }),
  col.accessor('success_count', {
    header: 'Success',
    size: 90,
    cell: (c) => <span className="tabular-nums">{c.getValue() ?? 0}</span>,
  }),
  col.accessor('error_count', {
    header: 'Errors',
    size: 90,
    cell: (c) => (
      <span className={c.getValue() ? 'font-semibold text-health-unhealthy tabular-nums' : 'tabular-nums'}>
        {c.getValue() ?? 0}
      </span>
    ),
  }),
  col.accessor((r) => r.agent?.name ?? '', { id: 'agent', header: 'Agent', size: 120, enableSorting: false }),
  col.accessor('created_at', {
    header: 'Started',
    size: 170,
    cell: (c) => <span title={formatDateTime(c.getValue())}>{formatRelativeTime(c.getValue())}</span>,
  }),
]);

/** Job history: filters above a server-paged table; a row opens its details. */
export function JobsPage() {
  const [params, setParams] = useUrlParams();
  const table = useTableUrlState('', { pageSize: 150, sortBy: 'created_at', sortDesc: true });
  const [range, setRange] = useTimeRangeParams('', DEFAULT_TIME_RANGE);
  const [resourceIdText, setResourceIdText] = useState(params.get('resourceId') ?? '');
  const resourceId = useDebouncedValue(resourceIdText.trim(), DEBOUNCE.filter);
  const [selected, setSelected] = useState<JobHistory | undefined>();

  const statusParam = params.get('status') ?? DEFAULT_STATUS_FILTER;
  const filters = useMemo(
    () => ({
      resourceType: params.get('resourceType') ?? '',
      resourceId,
      name: params.get('name') ?? '',
      status: decodeTriState(statusParam),
      durationMs: params.get('duration') ? Number(params.get('duration')) : undefined,
      range,
    }),
    [params, resourceId, statusParam, range],
  );
  const { pageIndex, pageSize } = table.pagination;

  const names = useQuery({ queryKey: settingsKeys.jobNames(), queryFn: fetchJobNames, ...CACHE.settings });
  const jobs = useQuery({
    queryKey: settingsKeys.jobs(filters, pageIndex, pageSize, table.sorting),
    queryFn: ({ signal }) => fetchJobHistory(filters, pageIndex, pageSize, table.sorting, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    ...CACHE.settings,
  });

  const setFilter = (update: Record<string, string | null>) => setParams({ ...update, pageIndex: null });

  return (
    <Page crumbs={[{ label: 'Settings' }, { label: 'Jobs History' }]}>
      <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Job filters">
        <Select
          label="Resource Type"
          value={filters.resourceType}
          onChange={(v) => setFilter({ resourceType: v })}
          options={RESOURCE_TYPES}
        />
        <input
          className="input w-56"
          placeholder="Resource ID"
          aria-label="Resource ID"
          value={resourceIdText}
          onChange={(e) => {
            setResourceIdText(e.target.value);
            setFilter({ resourceId: e.target.value.trim() || null });
          }}
        />
        <Select
          label="Job Name"
          value={filters.name}
          onChange={(v) => setFilter({ name: v })}
          options={[{ value: '', label: 'All' }, ...(names.data ?? []).map((n) => ({ value: n, label: n }))]}
        />
        <TriStateMenu
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(m) =>
            setFilter({
              status: encodeTriState(m) === DEFAULT_STATUS_FILTER ? null : encodeTriState(m) || 'all',
            })
          }
        />
        <Select
          label="Duration"
          value={params.get('duration') ?? ''}
          onChange={(v) => setFilter({ duration: v })}
          options={DURATION_OPTIONS}
        />
        <div className="flex-1" />
        <TimeRangePicker value={range} onChange={setRange} onClear={() => setRange(undefined)} />
      </div>
      {jobs.isError ? <ErrorView error={jobs.error} onRetry={() => void jobs.refetch()} /> : null}
      <DataTable
        id="job-history"
        className="flex-1"
        columns={columns}
        data={jobs.data?.data ?? []}
        totalEntries={jobs.data?.totalEntries}
        manual
        loading={jobs.isFetching}
        defaults={{ pageSize: 150, sortBy: 'created_at', sortDesc: true }}
        getRowId={(r) => r.id}
        onRowClick={(r) => (jobDetailTabs(r.details).length > 0 ? setSelected(r) : undefined)}
      />
      <JobDetailsModal job={selected} onClose={() => setSelected(undefined)} />
    </Page>
  );
}
