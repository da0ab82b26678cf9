import { formatDateTime, formatRelativeTime, LOCAL_AGENT_ID } from '@opsdeck/shared';
import { Link } from 'react-router';
import { Badge } from '../../../ui/Badge.js';
import { columnHelper } from '../../../ui/DataTable/index.js';
import { JobStatusBadge } from '../../../ui/JobStatusBadge.js';
import { SORTABLE, type IntegrationRow, type IntegrationType } from '../api/integrationsApi.js';

/** How each kind reads in the Type column. */
const TYPE_LABELS: Record<IntegrationType, string> = {
  scrapers: 'Catalog Scraper',
  topologies: 'Topology',
  logging_backends: 'Log Backend',
};

function When({ time }: { time: string | null }) {
  if (!time) return <span className="text-muted">—</span>;
  return <span title={formatDateTime(time)}>{formatRelativeTime(time)}</span>;
}

const col = columnHelper<IntegrationRow>();
const TIME = 130;

/** The list's columns; all but Created By sort on the server. */
export const integrationColumns = col.columns(
  [
    col.accessor('name', {
      header: 'Name',
      size: 240,
      cell: ({ row: { original: r } }) => (
        <span className="flex items-center gap-1.5">
          <span className="truncate font-medium">{r.name}</span>
          {r.agent?.id && r.agent.id !== LOCAL_AGENT_ID ? (
            <Badge tone="blue" className="shrink-0">
              {r.agent.name ?? r.agent.id}
            </Badge>
          ) : null}
        </span>
      ),
    }),
    col.accessor('integration_type', {
      header: 'Type',
      size: 150,
      cell: ({ row: { original: r } }) => (
        <span>
          {TYPE_LABELS[r.integration_type]}
          {r.type ? <span className="text-muted"> · {r.type}</span> : null}
        </span>
      ),
    }),
    col.accessor((r) => r.source ?? '', { id: 'source', header: 'Source', size: 90 }),
    col.accessor((r) => r.job_status ?? '', {
      id: 'job_status',
      header: 'Job Status',
      size: 175,
      cell: ({ row: { original: r } }) =>
        r.job_status ? (
          <span className="flex items-center gap-1.5">
            <JobStatusBadge status={r.job_status} />
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
    col.accessor((r) => r.job_time_start ?? '', {
      id: 'job_time_start',
      header: 'Last Run',
      size: TIME,
      cell: ({ row: { original: r } }) => <When time={r.job_time_start} />,
    }),
    col.accessor((r) => r.job_last_failed ?? '', {
      id: 'job_last_failed',
      header: 'Last Failed',
      size: TIME,
      cell: ({ row: { original: r } }) => <When time={r.job_last_failed} />,
    }),
    col.accessor((r) => r.created_at ?? '', {
      id: 'created_at',
      header: 'Created',
      size: TIME,
      cell: ({ row: { original: r } }) => <When time={r.created_at} />,
    }),
    col.accessor((r) => r.updated_at ?? '', {
      id: 'updated_at',
      header: 'Updated',
      size: TIME,
      cell: ({ row: { original: r } }) => <When time={r.updated_at} />,
    }),
    col.display({
      id: 'created_by',
      header: 'Created By',
      size: 130,
      cell: ({ row: { original: r } }) => r.created_by?.name ?? <span className="text-muted">—</span>,
    }),
  ].map((c) => ({ ...c, enableSorting: SORTABLE.has(c.id ?? '') })),
);
