import { formatDateTime, formatDuration, formatRelativeTime } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Select } from '../../../ui/Select.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { fetchCheckStatuses, HISTORY_PAGE_SIZE } from '../api/checkApi.js';
import type { HistoryFilter } from '../api/types.js';
import type { CheckStatus } from '../api/types.js';
import {
  DURATION_FILTER_ERROR,
  DURATION_FILTER_OPTIONS,
  parseDurationFilter,
} from '../lib/durationFilter.js';
import { healthKeys } from '../api/keys.js';

const col = columnHelper<CheckStatus>();
const columns = col.columns([
  col.accessor('time', {
    header: 'Age',
    size: 150,
    enableSorting: false,
    cell: (c) => (
      <span className="flex items-center gap-1.5" title={formatDateTime(c.getValue())}>
        <StatusDot good={c.row.original.status} label={c.row.original.status ? 'healthy' : 'unhealthy'} />
        {formatRelativeTime(c.getValue())}
      </span>
    ),
  }),
  col.accessor('duration', {
    header: 'Duration',
    size: 100,
    enableSorting: false,
    cell: (c) => <span className="tabular-nums">{formatDuration(c.getValue())}</span>,
  }),
  col.accessor((r) => r.error || r.message || '', {
    id: 'message',
    header: 'Message',
    size: 600,
    enableSorting: false,
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
]);

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];
const CUSTOM = 'custom';

/** Duration filter: a preset, or a custom value in ms or s. */
export function DurationFilter({ onChange }: { onChange: (ms: number | undefined) => void }) {
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');
  const invalid = choice === CUSTOM && text.trim() !== '' && parseDurationFilter(text) === undefined;
  return (
    <div className="flex items-start gap-2">
      <Select
        label="Duration"
        value={choice}
        onChange={(v) => {
          setChoice(v);
          if (v !== CUSTOM) onChange(v ? parseDurationFilter(v) : undefined);
          else onChange(parseDurationFilter(text));
        }}
        options={[
          { value: '', label: 'All' },
          ...DURATION_FILTER_OPTIONS.map((o) => ({ value: o, label: o })),
          { value: CUSTOM, label: 'Custom' },
        ]}
      />
      {choice === CUSTOM ? (
        <div className="flex flex-col">
          <input
            className="input h-8 w-28"
            placeholder="e.g. 250ms"
            aria-label="Custom duration"
            aria-invalid={invalid}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              onChange(parseDurationFilter(e.target.value));
            }}
          />
          {invalid ? (
            <span role="alert" className="mt-0.5 text-xs text-health-unhealthy">
              {DURATION_FILTER_ERROR}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A place a located check runs: its id (the history filter's value) and name. */
export type HistoryLocation = { id: string; name: string };

type HistoryProps = {
  checkId: string;
  rangeMinutes: number;
  /** A located check's places: the history can show one of them rather than the check's own decisions. */
  locations?: HistoryLocation[] | undefined;
};

/** The History tab: a server-paged list of the check's statuses in the time range. */
export function CheckHistory({ checkId, rangeMinutes, locations }: HistoryProps) {
  const [status, setStatus] = useState<HistoryFilter['status']>('');
  const [minDurationMs, setMinDurationMs] = useState<number | undefined>();
  const [location, setLocation] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const filter = useMemo(
    () => ({ status, minDurationMs, ...(location ? { location } : {}) }),
    [status, minDurationMs, location],
  );
  const history = useQuery({
    queryKey: healthKeys.statuses(checkId, rangeMinutes, filter, pageIndex),
    // The window ends now at each fetch, so a refetch after Run Now includes the new run.
    queryFn: ({ signal }) =>
      fetchCheckStatuses(checkId, new Date(Date.now() - rangeMinutes * 60_000), filter, pageIndex, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const total = history.data?.totalEntries;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-start gap-2" role="search" aria-label="History filters">
        <Select
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v === 'healthy' || v === 'unhealthy' ? v : '');
            setPageIndex(0);
          }}
          options={STATUS_OPTIONS}
        />
        {locations?.length ? (
          <Select
            label="Location"
            value={location}
            onChange={(v) => {
              setLocation(v);
              setPageIndex(0);
            }}
            options={[
              { value: '', label: 'All (quorum)' },
              ...locations.map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
        ) : null}
        <DurationFilter
          onChange={(ms) => {
            setMinDurationMs(ms);
            setPageIndex(0);
          }}
        />
        <div className="flex-1" />
        <span className="text-xs text-muted" data-testid="history-total">
          {total !== undefined ? `${total} results` : ''}
        </span>
      </div>
      {history.isError ? <ErrorView error={history.error} onRetry={() => void history.refetch()} /> : null}
      <DataTable
        id="check-history"
        className="min-h-48 flex-1"
        columns={columns}
        data={history.data?.data ?? []}
        manual
        pagination={false}
        loading={history.isFetching}
        getRowId={(r) => r.time}
      />
      {pages !== undefined && pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-xs">
          <button
            type="button"
            className="btn h-7"
            disabled={pageIndex === 0}
            onClick={() => setPageIndex(pageIndex - 1)}
          >
            {'<< Previous'}
          </button>
          <span>
            Page {pageIndex + 1} of {pages}
          </span>
          <button
            type="button"
            className="btn h-7"
            disabled={pageIndex + 1 >= pages}
            onClick={() => setPageIndex(pageIndex + 1)}
          >
            {'Next >>'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
