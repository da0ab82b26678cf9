import { formatDateTime, type LogItem } from '@opsdeck/shared';
import { columnHelper, DataTable } from '../../../ui/DataTable/index.js';
import { LogMessage } from './LogMessage.js';

/** The log table's virtual rows: estimated height (lines wrap) and overscan. */
export const LOG_ROW_ESTIMATE = 62;

const col = columnHelper<LogItem>();

const columns = col.columns([
  col.accessor('timestamp', {
    header: 'Timestamp',
    size: 190,
    enableSorting: false,
    cell: (c) => <span className="text-xs whitespace-nowrap text-muted">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor('message', {
    header: 'Message',
    size: 760,
    enableSorting: false,
    cell: (c) => <LogMessage message={c.getValue()} />,
  }),
  col.accessor((r) => Object.entries(r.labels), {
    id: 'labels',
    header: 'Labels',
    size: 260,
    enableSorting: false,
    cell: (c) => (
      <div className="flex flex-wrap gap-1 whitespace-normal">
        {c.getValue().map(([k, v]) => (
          <span key={k} className="rounded bg-subtle px-1.5 py-0.5 text-[11px] break-all text-muted">
            {k}: {v}
          </span>
        ))}
      </div>
    ),
  }),
]);

/**
 * Log lines in the app's one table: virtual rows (estimate 62, overscan 10), resizable columns
 * remembered in localStorage (saved 500 ms after a change).
 */
export function LogsTable({
  lines,
  loading,
  emptyText,
}: {
  lines: LogItem[];
  loading: boolean;
  emptyText: string;
}) {
  return (
    <DataTable
      id="logs"
      urlPrefix="log"
      className="flex-1"
      columns={columns}
      data={lines}
      virtual
      rowEstimate={LOG_ROW_ESTIMATE}
      defaults={{ pageSize: 1000 }}
      loading={loading}
      emptyText={emptyText}
      getRowId={(_r, i) => String(i)}
    />
  );
}
