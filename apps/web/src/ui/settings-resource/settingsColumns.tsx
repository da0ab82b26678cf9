import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { Link } from 'react-router';
import { AgentBadge } from '../AgentBadge.js';
import { columnHelper } from '../DataTable/index.js';
import { JobStatusBadge } from '../JobStatusBadge.js';
import { NamedIcon } from '../NamedIcon.js';
import { Tags, type TagMap } from '../Tags.js';
import { remoteAgent, type SettingsRow } from './row.js';
import type { SettingsJob } from './settingsResourceApi.js';
import { SORTABLE_COLUMNS } from './settingsResourceApi.js';
import type { SettingsColumnId, SettingsExtraColumn, SettingsTable } from './types.js';

/** A list row: the table's row with its last run and last failure (tables with jobs). */
export type SettingsListRow = SettingsRow & { job?: SettingsJob; lastFailed?: string };

function When({ time }: { time: string | null | undefined }) {
  if (!time) return <span className="text-muted">—</span>;
  return <span title={formatDateTime(time)}>{formatRelativeTime(time)}</span>;
}

/** Wide enough for '13 minutes ago' beside the header's sort arrow. */
const TIME_COLUMN_SIZE = 130;

const col = columnHelper<SettingsListRow>();

/** Name, with the agent's badge; tables whose rows have an icon draw it in front. */
function nameColumn(withIcon: boolean) {
  return col.accessor('name', {
    header: 'Name',
    size: 220,
    cell: ({ row: { original: r } }) => {
      const agent = remoteAgent(r);
      return (
        <span className="flex items-center gap-1.5">
          {withIcon ? <NamedIcon name={r.icon} /> : null}
          <span className="truncate font-medium">{r.name}</span>
          <AgentBadge agent={agent} />
        </span>
      );
    },
  });
}

const COLUMNS = {
  name: nameColumn(false),
  source: col.accessor((r) => r.source ?? '', { id: 'source', header: 'Source', size: 90 }),
  schedule: col.accessor((r) => r.schedule ?? '', { id: 'schedule', header: 'Schedule', size: 110 }),
  namespace: col.accessor((r) => r.namespace ?? '', { id: 'namespace', header: 'Namespace', size: 120 }),
  job_status: col.display({
    id: 'job_status',
    header: 'Job Status',
    size: 175,
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
  last_runtime: col.accessor((r) => r.last_runtime ?? '', {
    id: 'last_runtime',
    header: 'Last Run',
    size: TIME_COLUMN_SIZE,
    cell: (c) => <When time={c.getValue()} />,
  }),
  last_failed: col.display({
    id: 'last_failed',
    header: 'Last Failed',
    size: 110,
    cell: ({ row: { original: r } }) => <When time={r.lastFailed} />,
  }),
  tags: col.display({
    id: 'tags',
    header: 'Tags',
    size: 230,
    cell: ({ row: { original: r } }) => <Tags tags={(r.labels ?? {}) as TagMap} max={1} />,
  }),
  created_at: col.accessor((r) => r.created_at ?? '', {
    id: 'created_at',
    header: 'Created',
    size: TIME_COLUMN_SIZE,
    cell: (c) => <When time={c.getValue()} />,
  }),
  updated_at: col.accessor((r) => r.updated_at ?? '', {
    id: 'updated_at',
    header: 'Updated',
    size: TIME_COLUMN_SIZE,
    cell: (c) => <When time={c.getValue()} />,
  }),
  created_by: col.display({
    id: 'created_by',
    header: 'Created By',
    size: 130,
    cell: ({ row: { original: r } }) => r.created_by?.name ?? <span className="text-muted">—</span>,
  }),
} satisfies Record<SettingsColumnId, unknown>;

function extraColumn(e: SettingsExtraColumn) {
  return col.display({
    id: e.id,
    header: e.header,
    size: e.size,
    enableSorting: false,
    cell: ({ row }) => e.cell(row.original),
  });
}

/** The list columns of one table, in its order; only the server-sortable ones can be sorted. */
export function settingsColumns(t: SettingsTable) {
  const withIcon = t.fields.includes('icon');
  return col.columns(
    t.columns.flatMap((id) => [
      { ...(id === 'name' ? nameColumn(withIcon) : COLUMNS[id]), enableSorting: SORTABLE_COLUMNS.has(id) },
      ...(t.extraColumns ?? []).filter((e) => e.after === id).map(extraColumn),
    ]),
  );
}
