import { formatDateTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useUrlParams } from '../../../lib/urlState.js';
import { ResourceActionButtons } from '../../../platform/resourceActions.js';
import { Badge } from '../../../ui/Badge.js';
import { DataTable, columnHelper, useInfiniteRows } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Select } from '../../../ui/Select.js';
import { CONFIG_CACHE, fetchAnalyzers, fetchInsights } from '../api/catalog.js';
import type { Insight } from '../api/schemas.js';
import { sanitizeHtml } from '../lib/sanitize.js';
import { truncateText } from '../lib/truncate.js';
import { whenCell } from './cells.js';
import { FilterChips } from './FilterChips.js';
import { SeverityIcon } from './SeverityIcon.js';
import { catalogKeys } from '../api/keys.js';

/** Insight types and severities offered as filters. */
export const INSIGHT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
];
const SEVERITIES = [
  { value: '', label: 'All' },
  { value: 'critical', label: 'critical' },
  { value: 'high', label: 'high' },
  { value: 'medium', label: 'medium' },
  { value: 'low', label: 'low' },
  { value: 'info', label: 'Info' },
];

/** An insight's message: HTML limited to an allow-list, cut at 500 characters. */
export function InsightMessage({ message }: { message: string | null | undefined }) {
  const html = useMemo(() => sanitizeHtml(truncateText(message)), [message]);
  if (!message) return null;
  return (
    <div
      className="prose-sm text-[13px] break-words [&_a]:text-brand-600"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function InsightPanel({ insight, onClose }: { insight: Insight; onClose: () => void }) {
  return (
    <aside
      className="flex w-[400px] shrink-0 flex-col gap-3 overflow-auto rounded-md border border-line bg-surface p-4"
      aria-label="Insight details"
    >
      <div className="flex items-start gap-2">
        <SeverityIcon severity={insight.severity} />
        <h2 className="min-w-0 flex-1 font-semibold break-words">{insight.analyzer}</h2>
        <button
          type="button"
          className="btn btn-ghost btn-icon h-7 w-7"
          aria-label="Close details"
          onClick={onClose}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <dl className="grid grid-cols-[100px_1fr] gap-y-1 text-[13px]">
        {insight.config ? (
          <>
            <dt className="text-muted">Catalog</dt>
            <dd>
              <Link className="text-brand-600 hover:underline" to={`/catalog/${insight.config.id}`}>
                {insight.config.name ?? insight.config.id}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="text-muted">Type</dt>
        <dd>{insight.analysis_type}</dd>
        <dt className="text-muted">Severity</dt>
        <dd>{insight.severity}</dd>
        <dt className="text-muted">Status</dt>
        <dd>{insight.status}</dd>
        <dt className="text-muted">Source</dt>
        <dd>{insight.source ?? '—'}</dd>
        <dt className="text-muted">First observed</dt>
        <dd>{formatDateTime(insight.first_observed)}</dd>
        <dt className="text-muted">Last observed</dt>
        <dd>{formatDateTime(insight.last_observed)}</dd>
      </dl>
      {insight.summary ? <p className="font-medium">{insight.summary}</p> : null}
      <InsightMessage message={insight.message} />
      <div className="flex flex-wrap gap-2">
        <ResourceActionButtons
          resource={{
            kind: 'config_analysis',
            id: insight.id,
            name: insight.summary || insight.analyzer,
            configId: insight.config_id,
          }}
        />
      </div>
    </aside>
  );
}

/**
 * Insights of the catalog or, with configId, of one item (Catalog column hidden): an infinite
 * list of 50 a page, newest first observed first.
 */
export function InsightsView({ configId }: { configId?: string }) {
  const [params, set] = useUrlParams();
  const [selected, setSelected] = useState<Insight | undefined>();
  const filters = {
    configType: configId ? '' : (params.get('configType') ?? ''),
    type: params.get('type') ?? '',
    severity: params.get('severity') ?? '',
    analyzer: params.get('analyzer') ?? '',
    component: params.get('component') ?? '',
  };
  const query = { ...filters, configId };
  const {
    query: insights,
    rows,
    infinite,
  } = useInfiniteRows({
    queryKey: catalogKeys.insights(query),
    fetchPage: (range, signal) => fetchInsights(query, range, signal),
  });
  const analyzers = useQuery({
    queryKey: catalogKeys.analyzers(),
    queryFn: ({ signal }) => fetchAnalyzers(signal),
    ...CONFIG_CACHE,
  });
  const setFilter = (u: Record<string, string | null>) => set(u);

  const columns = useMemo(() => {
    const col = columnHelper<Insight>();
    return col.columns([
      ...(configId
        ? []
        : [
            col.accessor((r) => r.config?.name ?? r.config_id, {
              id: 'catalog',
              header: 'Catalog',
              size: 240,
              enableSorting: false,
              cell: (c) => (
                <Link
                  className="font-medium text-brand-600 hover:underline"
                  to={`/catalog/${c.row.original.config_id}`}
                  onClick={(e) => e.stopPropagation()}
                >
                  {c.getValue()}
                </Link>
              ),
            }),
          ]),
      col.accessor('analysis_type', {
        header: 'Type',
        size: 140,
        enableSorting: false,
        cell: (c) => <Badge>{c.getValue()}</Badge>,
      }),
      col.accessor('analyzer', { header: 'Analyzer', size: 260, enableSorting: false }),
      col.accessor('severity', {
        header: 'Severity',
        size: 90,
        enableSorting: false,
        cell: (c) => <SeverityIcon severity={c.getValue()} />,
      }),
      col.accessor('status', { header: 'Status', size: 100, enableSorting: false }),
      col.accessor('first_observed', {
        header: 'First Observed',
        size: 140,
        enableSorting: false,
        cell: whenCell,
      }),
      col.accessor('last_observed', {
        header: 'Last Observed',
        size: 140,
        enableSorting: false,
        cell: whenCell,
      }),
    ]);
  }, [configId]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Insight filters">
        <Select
          label="Type"
          value={filters.type}
          onChange={(v) => setFilter({ type: v })}
          options={[{ value: '', label: 'All' }, ...INSIGHT_TYPES.map((t) => ({ value: t, label: t }))]}
        />
        <Select
          label="Severity"
          value={filters.severity}
          onChange={(v) => setFilter({ severity: v })}
          options={SEVERITIES}
        />
        <Select
          label="Analyzer"
          value={filters.analyzer}
          onChange={(v) => setFilter({ analyzer: v })}
          options={[
            { value: '', label: 'All' },
            ...(analyzers.data ?? []).map((a) => ({ value: a, label: a })),
          ]}
        />
      </div>
      <FilterChips
        chips={
          filters.component
            ? [
                {
                  id: 'component',
                  label: `Component: ${filters.component}`,
                  onRemove: () => setFilter({ component: null }),
                },
              ]
            : []
        }
      />
      {insights.isError ? <ErrorView error={insights.error} onRetry={() => void insights.refetch()} /> : null}
      <div className="flex min-h-0 flex-1 gap-3">
        <DataTable
          id={configId ? 'config-insights' : 'catalog-insights'}
          className="min-w-0 flex-1"
          columns={columns}
          data={rows}
          infinite={infinite}
          manual
          loading={insights.isFetching && !insights.isFetchingNextPage}
          getRowId={(r) => `${r.id}:${r.config_id}`}
          onRowClick={setSelected}
          emptyText="No insights found"
        />
        {selected ? <InsightPanel insight={selected} onClose={() => setSelected(undefined)} /> : null}
      </div>
    </div>
  );
}
