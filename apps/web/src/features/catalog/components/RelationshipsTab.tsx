import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { useUrlParams } from '../../../lib/urlState.js';
import { DataTable, columnHelper } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { Select } from '../../../ui/Select.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { Tags } from '../../../ui/Tags.js';
import { fetchRelated } from '../api/catalog.js';
import { useConfigStatuses, useConfigTypes } from '../api/lookups.js';
import type { ConfigDetail, RelatedConfig } from '../api/schemas.js';
import {
  outgoingDisabled,
  readToggles,
  relationMode,
  setIncoming,
  setOutgoing,
  typeFilter,
  type RelationToggles,
} from '../lib/relationshipToggles.js';
import { whenCell } from './cells.js';
import { catalogKeys } from '../api/keys.js';

const RelationshipGraph = lazy(() => import('./RelationshipGraph.js'));
const HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'];
const VIEWS = [
  { value: 'table', label: 'Table' },
  { value: 'graph', label: 'Graph' },
] as const;

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label
      className={cn('flex items-center gap-1.5', disabled && 'opacity-50')}
      title={disabled ? 'Turn Incoming on to change' : undefined}
    >
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

const col = columnHelper<RelatedConfig>();
const columns = col.columns([
  col.accessor('name', {
    header: 'Name',
    size: 260,
    cell: (c) => (
      <span className="flex items-center gap-1.5">
        <StatusDot status={c.row.original.health ?? 'unknown'} />
        <span className="truncate font-medium">{c.getValue() ?? c.row.original.id}</span>
      </span>
    ),
  }),
  col.accessor('type', { header: 'Type', size: 200 }),
  col.accessor('direction', { header: 'Direction', size: 100 }),
  col.accessor('relation', { header: 'Relationship', size: 140 }),
  col.accessor('depth', { header: 'Depth', size: 70 }),
  col.accessor('status', { header: 'Status', size: 120 }),
  col.accessor('tags', {
    header: 'Tags',
    size: 220,
    enableSorting: false,
    cell: (c) => <Tags tags={c.getValue()} max={2} />,
  }),
  col.accessor('updated_at', { header: 'Updated', size: 120, cell: whenCell }),
]);

/** Related items as a table or a graph, with direction toggles and filters. */
export function RelationshipsTab({ config }: { config: ConfigDetail }) {
  const [params, set] = useUrlParams();
  const navigate = useNavigate();
  const toggles = readToggles(params);
  const view = params.get('view') === 'graph' ? 'graph' : 'table';
  const relationFilter = params.get('relation') ?? '';
  const labelFilter = params.get('relLabel') ?? '';
  const filters = {
    type: params.get('relType') ?? '',
    status: params.get('relStatus') ?? '',
    health: params.get('relHealth') ?? '',
    relation: params.get('relation') ?? '',
    label: params.get('relLabel') ?? '',
  };
  const writeToggles = (t: RelationToggles) =>
    set({
      incoming: t.incoming ? null : 'false',
      outgoing: t.outgoing ? null : 'false',
      soft: t.soft ? null : 'false',
    });

  const query = {
    configId: config.id,
    typeFilter: typeFilter(toggles),
    relation: relationMode(toggles),
    includeDeleted: false,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.health ? { health: filters.health } : {}),
  };
  const related = useQuery({
    queryKey: catalogKeys.related(query),
    queryFn: ({ signal }) => fetchRelated(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const types = useConfigTypes();
  const statuses = useConfigStatuses();

  const rows = useMemo(() => {
    const [lk, lv] = labelFilter.split('=');
    return (related.data ?? []).filter(
      (r) =>
        (!relationFilter || r.relation === relationFilter) &&
        (!lk || (lv === undefined ? lk in (r.labels ?? {}) : r.labels?.[lk] === lv)),
    );
  }, [related.data, relationFilter, labelFilter]);
  const relations = [
    ...new Set((related.data ?? []).map((r) => r.relation).filter((r): r is string => Boolean(r))),
  ];
  const root = useMemo(
    () => ({ id: config.id, name: config.name, type: config.type, health: config.health ?? null }),
    [config],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Relationship filters">
        <SegmentedControl
          label="View"
          options={VIEWS}
          value={view}
          onChange={(v) => set({ view: v === 'table' ? null : v })}
          itemClassName="px-3 py-1 text-[13px]"
        />
        <Select
          label="Type"
          value={filters.type}
          onChange={(v) => set({ relType: v })}
          options={[{ value: '', label: 'All' }, ...(types.data ?? []).map((t) => ({ value: t, label: t }))]}
        />
        <Select
          label="Relationship"
          value={filters.relation}
          onChange={(v) => set({ relation: v })}
          options={[{ value: '', label: 'All' }, ...relations.map((r) => ({ value: r, label: r }))]}
        />
        <Select
          label="Status"
          value={filters.status}
          onChange={(v) => set({ relStatus: v })}
          options={[
            { value: '', label: 'All' },
            ...(statuses.data ?? []).map((s) => ({ value: s, label: s })),
          ]}
        />
        <Select
          label="Health"
          value={filters.health}
          onChange={(v) => set({ relHealth: v })}
          options={[{ value: '', label: 'All' }, ...HEALTH.map((h) => ({ value: h, label: h }))]}
        />
        <input
          className="input w-44"
          placeholder="Label key=value"
          aria-label="Labels"
          defaultValue={filters.label}
          onBlur={(e) => set({ relLabel: e.target.value.trim() })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ relLabel: e.currentTarget.value.trim() });
          }}
        />
        <div className="flex-1" />
        <Toggle
          label="Outgoing"
          checked={toggles.outgoing}
          disabled={outgoingDisabled(toggles)}
          onChange={(v) => writeToggles(setOutgoing(toggles, v))}
        />
        <Toggle
          label="Incoming"
          checked={toggles.incoming}
          onChange={(v) => writeToggles(setIncoming(toggles, v))}
        />
        <Toggle label="Soft" checked={toggles.soft} onChange={(v) => writeToggles({ ...toggles, soft: v })} />
      </div>
      {related.isError ? <ErrorView error={related.error} onRetry={() => void related.refetch()} /> : null}
      {view === 'graph' ? (
        <Suspense
          fallback={
            <div className="min-h-[480px] flex-1 animate-pulse rounded-md border border-line bg-subtle" />
          }
        >
          {related.data ? <RelationshipGraph key={JSON.stringify(query)} root={root} related={rows} /> : null}
        </Suspense>
      ) : (
        <DataTable
          id="config-relationships"
          className="flex-1"
          columns={columns}
          data={rows}
          pagination={false}
          loading={related.isFetching}
          getRowId={(r) => r.id}
          onRowClick={(r) => void navigate(`/catalog/${r.id}`)}
          emptyText="No related configs"
        />
      )}
    </div>
  );
}
