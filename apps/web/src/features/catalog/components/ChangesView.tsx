import { DEFAULT_TIME_RANGE, formatDateTime, formatRelativeTime, resolveTimeRange } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useUrlParams } from '../../../lib/urlState.js';
import { Badge } from '../../../ui/Badge.js';
import { DataTable, columnHelper, useTableUrlState } from '../../../ui/DataTable/index.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { MultiSelect } from '../../../ui/MultiSelect.js';
import { Select } from '../../../ui/Select.js';
import { TimeRangePicker } from '../../../ui/TimeRangePicker/TimeRangePicker.js';
import { useTimeRangeParams } from '../../../ui/TimeRangePicker/timeRangeParams.js';
import { fetchChanges, type ChangesQuery } from '../api/catalog.js';
import { useChangeTypes, useConfigTags, useConfigTypes } from '../api/lookups.js';
import type { ChangeRow } from '../api/schemas.js';
import { decodeTags, encodeTag, encodeTags, pickTags, withTag } from '../lib/tags.js';
import { ChangeDetailsDialog } from './ChangeDetailsDialog.js';
import { FilterChips, type Chip } from './FilterChips.js';
import { Preferences } from './Preferences.js';
import { useHideDeleted } from './usePrefs.js';
import { catalogKeys } from '../api/keys.js';

/** Changes default to 200 a page. */
export const CHANGES_DEFAULTS = { pageSize: 200 } as const;
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];
const EXTRA_KEYS = ['id', 'summary', 'source', 'created_by', 'external_created_by'] as const;

function Clickable({
  onClick,
  title,
  children,
}: {
  onClick: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={title}
      className="max-w-full truncate rounded text-left hover:text-brand-600 hover:underline"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}

/** Who made a change: the person, else the external author, else the source. */
export function createdByText(
  c: ChangeRow,
): { key: (typeof EXTRA_KEYS)[number]; value: string; text: string } | undefined {
  if (c.created_by) return { key: 'created_by', value: c.created_by, text: c.person?.name ?? c.created_by };
  if (c.external_created_by)
    return { key: 'external_created_by', value: c.external_created_by, text: c.external_created_by };
  if (c.source) return { key: 'source', value: c.source, text: c.source };
  return undefined;
}

type Props = { configId?: string };

/** The changes table of /catalog/changes and of one item's Changes tab. */
export function ChangesView({ configId }: Props) {
  const [params, set] = useUrlParams();
  const table = useTableUrlState('', CHANGES_DEFAULTS);
  const [range, setRange] = useTimeRangeParams('', DEFAULT_TIME_RANGE);
  const [hideDeleted, setHideDeleted] = useHideDeleted('changes');
  const [open, setOpen] = useState<ChangeRow | undefined>();

  const configType = params.get('configType') ?? '';
  const changeType = params.get('changeType') ?? '';
  const severity = params.get('severity') ?? '';
  const tags = decodeTags(params.get('tags'));
  const downstream = params.get('downstream') !== 'false';
  const upstream = params.get('upstream') === 'true';
  const extra: Record<string, string> = {};
  for (const k of EXTRA_KEYS) {
    const v = params.get(k);
    if (v && !(configId && k === 'id')) extra[k] = v;
  }
  const filterById = !configId && extra.id ? extra.id : undefined;
  const recursive: ChangesQuery['recursive'] =
    upstream && downstream ? 'all' : upstream ? 'upstream' : downstream ? 'downstream' : 'none';
  const sort = table.sorting[0];

  const { from, to } = useMemo(() => {
    const r = resolveTimeRange(range);
    return { from: r.from.toISOString(), to: r.to.toISOString() };
  }, [range]);

  const query: ChangesQuery = {
    ...(configId || filterById ? { id: configId ?? filterById } : {}),
    configType,
    changeType,
    severity,
    tags: encodeTags(tags),
    from,
    to,
    page: table.pagination.pageIndex + 1,
    pageSize: table.pagination.pageSize,
    sortBy: sort ? `${sort.desc ? '-' : ''}${sort.id}` : '-created_at',
    recursive: configId ? recursive : 'none',
    includeDeleted: configId ? !hideDeleted : false,
    extra: Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'id')),
  };
  const changes = useQuery({
    queryKey: catalogKeys.changes(query),
    queryFn: ({ signal }) => fetchChanges(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const types = useConfigTypes();
  const changeTypes = useChangeTypes();
  const tagList = useConfigTags();
  const tagOptions = useMemo(
    () =>
      (tagList.data ?? [])
        .filter((t) => t.value !== null)
        .map((t) => ({
          value: encodeTag({ key: t.key, value: t.value ?? '', exclude: false }),
          label: `${t.key}: ${t.value}`,
        })),
    [tagList.data],
  );

  // Any filter change starts again at the first page.
  const setFilter = (u: Record<string, string | null>) => set({ ...u, pageIndex: null });

  const columns = useMemo(() => {
    const col = columnHelper<ChangeRow>();
    return col.columns([
      col.accessor('created_at', {
        header: 'Last Seen',
        size: 150,
        cell: (c) => {
          const r = c.row.original;
          return (
            <span title={formatDateTime(r.created_at)} className="whitespace-nowrap">
              {formatRelativeTime(r.created_at)}
              {r.count > 1 ? (
                <span
                  className="ml-1 text-xs text-muted"
                  title={`First observed ${formatDateTime(r.first_observed)}`}
                >
                  ({r.count} over {formatRelativeTime(r.first_observed)})
                </span>
              ) : null}
            </span>
          );
        },
      }),
      col.accessor((r) => r.name ?? r.config_id, {
        id: 'name',
        header: 'Catalog',
        size: 240,
        cell: (c) => (
          <span className="flex min-w-0 flex-col">
            <Clickable
              title="Filter by this config"
              onClick={() => setFilter({ id: c.row.original.config_id })}
            >
              <span className="font-medium">{c.getValue()}</span>
            </Clickable>
            <Clickable
              title="Filter by this config type"
              onClick={() => setFilter({ configType: c.row.original.type ?? '' })}
            >
              <span className="text-xs text-muted">{c.row.original.type}</span>
            </Clickable>
          </span>
        ),
      }),
      col.accessor('change_type', {
        header: 'Type',
        size: 150,
        cell: (c) => (
          <Clickable
            title="Filter by this change type"
            onClick={() => setFilter({ changeType: c.getValue() })}
          >
            <Badge
              tone={
                c.row.original.severity === 'critical' || c.row.original.severity === 'high' ? 'red' : 'grey'
              }
            >
              {c.getValue()}
            </Badge>
          </Clickable>
        ),
      }),
      col.accessor('summary', {
        header: 'Summary',
        size: 360,
        cell: (c) =>
          c.getValue() ? (
            <Clickable
              title="Filter by this summary"
              onClick={() => setFilter({ summary: c.getValue() ?? '' })}
            >
              {c.getValue()}
            </Clickable>
          ) : null,
      }),
      col.accessor('tags', {
        header: 'Tags',
        size: 220,
        enableSorting: false,
        cell: (c) => (
          <span className="flex flex-wrap gap-1">
            {Object.entries(c.getValue() ?? {})
              .slice(0, 3)
              .map(([k, v]) => (
                <Clickable
                  key={k}
                  title={`Filter by ${k}=${v}`}
                  onClick={() =>
                    setFilter({
                      tags: encodeTags(
                        withTag(decodeTags(params.get('tags')), { key: k, value: v, exclude: false }),
                      ),
                    })
                  }
                >
                  <span className="inline-flex overflow-hidden rounded border border-line text-[11px] leading-5">
                    <span className="bg-subtle px-1.5 text-muted">{k}</span>
                    <span className="px-1.5">{v}</span>
                  </span>
                </Clickable>
              ))}
          </span>
        ),
      }),
      col.accessor((r) => createdByText(r)?.text ?? '', {
        id: 'created_by',
        header: 'Created By',
        size: 160,
        cell: (c) => {
          const who = createdByText(c.row.original);
          return who ? (
            <Clickable title="Filter by this author" onClick={() => setFilter({ [who.key]: who.value })}>
              {who.text}
            </Clickable>
          ) : null;
        },
      }),
    ]);
    // setFilter only writes the URL; params are read when a tag is clicked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const chips: Chip[] = [
    ...(configType
      ? [
          {
            id: 'configType',
            label: `Config type: ${configType}`,
            onRemove: () => setFilter({ configType: null }),
          },
        ]
      : []),
    ...(changeType
      ? [
          {
            id: 'changeType',
            label: `Change type: ${changeType}`,
            onRemove: () => setFilter({ changeType: null }),
          },
        ]
      : []),
    ...(severity
      ? [{ id: 'severity', label: `Severity: ${severity}`, onRemove: () => setFilter({ severity: null }) }]
      : []),
    ...tags.map((t) => ({
      id: `tag:${t.key}:${t.value}`,
      label: `${t.key}: ${t.value}`,
      exclude: t.exclude,
      onRemove: () => setFilter({ tags: encodeTags(tags.filter((x) => x !== t)) || null }),
    })),
    ...Object.entries(extra).map(([k, v]) => ({
      id: k,
      label: `${k.replace(/_/g, ' ')}: ${k === 'id' ? (changes.data?.changes.find((c) => c.config_id === v)?.name ?? v) : v}`,
      onRemove: () => setFilter({ [k]: null }),
    })),
  ];

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Change filters">
        <Select
          label="Config Type"
          value={configType}
          onChange={(v) => setFilter({ configType: v })}
          options={[{ value: '', label: 'All' }, ...(types.data ?? []).map((t) => ({ value: t, label: t }))]}
        />
        <Select
          label="Change Type"
          value={changeType}
          onChange={(v) => setFilter({ changeType: v })}
          options={[
            { value: '', label: 'All' },
            ...(changeTypes.data ?? []).map((t) => ({ value: t, label: t })),
          ]}
        />
        <Select
          label="Severity"
          value={severity}
          onChange={(v) => setFilter({ severity: v })}
          options={[{ value: '', label: 'All' }, ...SEVERITIES.map((s) => ({ value: s, label: s }))]}
        />
        <MultiSelect
          label="Tags"
          value={tags.filter((t) => !t.exclude).map(encodeTag)}
          options={tagOptions}
          onChange={(picked) => setFilter({ tags: encodeTags(pickTags(tags, picked)) || null })}
        />
        {configId ? (
          <>
            <label className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={downstream}
                onChange={(e) => setFilter({ downstream: e.target.checked ? null : 'false' })}
              />
              Downstream
            </label>
            <label className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={upstream}
                onChange={(e) => setFilter({ upstream: e.target.checked ? 'true' : null })}
              />
              Upstream
            </label>
          </>
        ) : null}
        <div className="flex-1" />
        <TimeRangePicker value={range} onChange={setRange} onClear={() => setRange(undefined)} />
        {configId ? (
          <Preferences
            prefs={[{ label: 'Hide Deleted Config Changes', value: hideDeleted, onChange: setHideDeleted }]}
          />
        ) : null}
      </div>
      <FilterChips chips={chips} />
      {changes.isError ? <ErrorView error={changes.error} onRetry={() => void changes.refetch()} /> : null}
      <DataTable
        id={configId ? 'config-changes' : 'catalog-changes'}
        className="flex-1"
        columns={columns}
        data={changes.data?.changes ?? []}
        totalEntries={changes.data?.total}
        manual
        defaults={CHANGES_DEFAULTS}
        loading={changes.isFetching}
        getRowId={(r) => r.id}
        onRowClick={setOpen}
        emptyText="No changes found"
      />
      <ChangeDetailsDialog change={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
