import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { CACHE } from '../../../api/queryClient.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Modal } from '../../../ui/Modal.js';
import { Page } from '../../../ui/Page.js';
import { settingsKeys } from '../api/keys.js';

const summarySchema = z.object({
  name: z.string(),
  pending: z.coerce.number(),
  failed: z.coerce.number(),
  average_attempts: z.coerce.number().nullable(),
  first_failure: z.string().nullable(),
  last_failure: z.string().nullable(),
  most_common_error: z.string().nullable(),
});
type QueueSummary = z.infer<typeof summarySchema>;

async function fetchEventQueueSummary(): Promise<QueueSummary[]> {
  return z
    .array(summarySchema)
    .parse(
      await rows(db.from('event_queue_summary').select('*').order('last_failure', { ascending: false })),
    );
}

function When({ value }: { value: string | null }) {
  return value ? (
    <span title={formatDateTime(value)}>{formatRelativeTime(value)}</span>
  ) : (
    <span className="text-muted">—</span>
  );
}

const col = columnHelper<QueueSummary>();
const columns = col.columns([
  col.accessor('name', { header: 'Name', size: 260 }),
  col.accessor('pending', {
    header: 'Pending Count',
    size: 130,
    cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
  }),
  col.accessor('failed', {
    header: 'Error Count',
    size: 120,
    cell: (c) => (
      <span
        className={c.getValue() > 0 ? 'font-semibold text-health-unhealthy tabular-nums' : 'tabular-nums'}
      >
        {c.getValue()}
      </span>
    ),
  }),
  col.accessor('average_attempts', {
    header: 'Average Attempts',
    size: 150,
    cell: (c) => <span className="tabular-nums">{c.getValue() ?? '—'}</span>,
  }),
  col.accessor('first_failure', {
    header: 'First Failed At',
    size: 170,
    cell: (c) => <When value={c.getValue()} />,
    sortFn: 'datetime',
  }),
  col.accessor('last_failure', {
    header: 'Last Failed At',
    size: 170,
    cell: (c) => <When value={c.getValue()} />,
    sortFn: 'datetime',
  }),
]);

/** Event queue status (docs/events.md, Event Queue page): a row with a most common error opens it in a dialog. */
export function EventQueuePage() {
  const [selected, setSelected] = useState<QueueSummary | undefined>();
  const summary = useQuery({
    queryKey: settingsKeys.eventQueue(),
    queryFn: fetchEventQueueSummary,
    meta: { silent: true },
    ...CACHE.settings,
  });
  return (
    <Page crumbs={[{ label: 'Settings' }, { label: 'Event Queue' }]}>
      {summary.isError ? <ErrorView error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      <DataTable
        id="event-queue"
        urlPrefix="queue_"
        columns={columns}
        data={summary.data ?? []}
        loading={summary.isFetching}
        getRowId={(r) => r.name}
        onRowClick={(r) => (r.most_common_error ? setSelected(r) : undefined)}
      />
      <Modal
        open={selected !== undefined}
        onOpenChange={(o) => !o && setSelected(undefined)}
        title={`Most Common Error for ${selected?.name ?? ''}`}
        size="lg"
      >
        <pre className="overflow-auto rounded-md bg-subtle p-3 font-mono text-xs whitespace-pre-wrap">
          {selected?.most_common_error}
        </pre>
      </Modal>
    </Page>
  );
}
