import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, Search, Table2, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useHasPermission } from '../../../auth/permissions.js';
import { cn } from '../../../lib/cn.js';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/useMediaQuery.js';
import { agentLabel, useAgentNames } from '../../../ui/AgentBadge.js';
import { Badge } from '../../../ui/Badge.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { RefreshRateSelect, useRefreshRate } from '../../../ui/RefreshRate.js';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { Select } from '../../../ui/Select.js';
import { useTableUrlState } from '../../../ui/DataTable/tableUrlState.js';
import { useComponentName } from '../api/componentName.js';
import { useDashboardPage } from '../api/dashboard.js';
import type { SortKey } from '../api/dashboardQuery.js';
import { ChecksCards } from '../components/ChecksCards.js';
import { ChecksTable } from '../components/ChecksTable.js';
import { FilterDrawer } from '../components/FilterDrawer.js';
import { FilterPanel, type PivotControls } from '../components/FilterPanel.js';
import { HiddenPassingEmpty } from '../components/HiddenPassingEmpty.js';
import { AddCheckLink, NoChecksEmpty } from '../components/NoChecksEmpty.js';
import { PivotTable } from '../components/PivotTable.js';
import { ALL_TAB, buildRows, groupByOptions, labelOptions, tabByOptions, tabsFrom } from '../lib/checks.js';
import {
  DEFAULT_PANEL_RANGE,
  dashboardRangeOptions,
  rangeMinutes,
  serverWindow,
  windowText,
} from '../lib/timeRange.js';
import { DASHBOARD_FIRST_ROWS, dashboardRequest } from '../lib/healthParams.js';
import { DEFAULT_PIVOT_CELL_TYPE, pivotOf } from '../lib/pivot.js';
import { encodeLabels, useHealthParams } from '../lib/useHealthParams.js';

const LAYOUTS = [
  { value: 'table', label: <Table2 className="size-4" />, ariaLabel: 'Table layout' },
  { value: 'card', label: <LayoutGrid className="size-4" />, ariaLabel: 'Card layout' },
] as const;

/** 'n passing' / 'n failing' beside the page title, with the health colour's dot. */
function CheckCount({ label, count, dot }: { label: 'passing' | 'failing'; count: number; dot: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className={`size-2 rounded-full ${dot}`} aria-hidden />
      <span data-testid={`${label}-count`} className="font-semibold tabular-nums">
        {count}
      </span>
      <span className="text-muted">{label}</span>
    </span>
  );
}

const CheckPanel = lazy(() => import('../components/CheckPanel.js').then((m) => ({ default: m.CheckPanel })));

const SORT_OPTIONS: Array<{ value: SortKey; label: string }> = [
  { value: 'name', label: 'Name' },
  { value: 'health', label: 'Health' },
  { value: 'uptime', label: 'Uptime' },
  { value: 'latency', label: 'Latency' },
  { value: 'transition', label: 'Transition' },
];

/**
 * The health dashboard. In the standalone checker only the
 * summary API exists, so the check panel is not offered there.
 */
export function HealthPage({ checker = false, embedded = false }: { checker?: boolean; embedded?: boolean }) {
  const [p, setParams] = useHealthParams();
  // Embedded in another page (/view/health, or ?embed=true): no evidence action on checks.
  const isEmbedded = embedded || p.embedded;
  // The open panel changes timeRange for itself; the dashboard keeps the range it had.
  const [dashboardRange, setDashboardRange] = useState(p.timeRange);
  if (!p.checkId && dashboardRange !== p.timeRange) setDashboardRange(p.timeRange);
  const summaryRange = dashboardRange;
  const [rate, setRate, intervalMs] = useRefreshRate('health', rangeMinutes(summaryRange));
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  // Typing stays local; the URL (and so the filter) follows 400 ms after the last key (doc 1 §5).
  const [searchText, setSearchText] = useState(p.query);
  const debouncedSearch = useDebouncedValue(searchText, DEBOUNCE.filter);
  useEffect(() => {
    if (debouncedSearch !== p.query) setParams({ query: debouncedSearch || null });
    // Only the debounced text drives the URL; the URL does not echo back into the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  const query = useDeferredValue(p.query);

  // The server filters, groups, sorts and counts; the table asks for more rows as it scrolls.
  const { pagination } = useTableUrlState('', { pageSize: DASHBOARD_FIRST_ROWS });
  const page = useDashboardPage(
    dashboardRequest(p, serverWindow(summaryRange), pagination.pageSize, query),
    intervalMs,
  );
  const checks = useMemo(() => page.data?.checks ?? [], [page.data]);
  const keys = useMemo(() => (page.data?.labels ?? []).map((l) => l.key), [page.data]);
  const labels = useMemo(() => labelOptions(page.data?.labels ?? []), [page.data]);
  const tabs = useMemo(() => tabsFrom(page.data?.tabs ?? []), [page.data]);
  // Tabs by agent are named after the agents, not their ids.
  const agentNames = useAgentNames(p.tabBy === 'agent_id');
  // The component's name, for its filter badge (the server picks its checks).
  const component = useComponentName(p.component);

  const passing = page.data?.passing ?? 0;
  const failing = page.data?.failing ?? 0;
  const total = page.data?.total ?? 0;
  const groups = useMemo(() => new Map((page.data?.groups ?? []).map((g) => [g.key, g])), [page.data]);
  const rows = useMemo(
    () => buildRows(checks, p.groupBy, groups, collapsed),
    [checks, p.groupBy, groups, collapsed],
  );
  const uptimeWindow = windowText(summaryRange);
  // Writing checks is offered where the dashboard is the console's own (not the standalone
  // checker, not embedded in another page).
  const canAdd = useHasPermission('canaries', 'write') && !checker && !isEmbedded;
  const filtered = Boolean(query || p.component || p.status || Object.keys(p.labels).length > 0);
  // Hide Passing, not the search or filters, emptied the list: say so and offer the way back.
  // No check at all (nothing passing or failing, nothing filtered): say so and offer the first.
  const emptyText =
    p.hidePassing && total === 0 && passing > 0 ? (
      <HiddenPassingEmpty count={passing} onShowPassing={() => setParams({ hidePassing: 'false' })} />
    ) : page.data && total === 0 && passing + failing === 0 && !filtered && p.tab === ALL_TAB ? (
      <NoChecksEmpty canAdd={canAdd} />
    ) : undefined;

  const toggleGroup = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const openCheck = useCallback(
    (id: string) => (checker ? undefined : setParams({ checkId: id })),
    [checker, setParams],
  );

  // The pivot view (table layout only): Mission Control's pivotBy, pivotLabel and pivotCellType.
  const { pivotBy, pivotLabel, pivotCellType } = p;
  const pivot = useMemo(
    () => (p.layout === 'table' ? pivotOf({ pivotBy, pivotLabel, pivotCellType }) : null),
    [p.layout, pivotBy, pivotLabel, pivotCellType],
  );
  const pivotKeys = useMemo(() => labels.filter((l) => !l.boolean).map((l) => l.key), [labels]);
  const pivotControls: PivotControls | undefined =
    p.layout === 'table'
      ? {
          pivotBy: pivotBy === 'namespace' || pivotBy === 'labels' ? pivotBy : 'none',
          pivotLabel: pivotLabel ?? '',
          pivotCellType:
            pivotCellType === 'status' ? 'checkStatuses' : (pivotCellType ?? DEFAULT_PIVOT_CELL_TYPE),
          labelKeys: pivotKeys,
          onPivotBy: (v) =>
            setParams(
              v === 'none'
                ? { pivotBy: null, pivotLabel: null, pivotCellType: null }
                : {
                    pivotBy: v,
                    pivotCellType: pivotCellType ?? DEFAULT_PIVOT_CELL_TYPE,
                    pivotLabel: v === 'labels' ? (pivotLabel ?? pivotKeys[0] ?? null) : null,
                  },
            ),
          onPivotLabel: (v) => setParams({ pivotLabel: v || null }),
          onPivotCellType: (v) => setParams({ pivotCellType: v }),
        }
      : undefined;

  const phone = useMediaQuery(PHONE_QUERY);
  const filters = (
    <FilterPanel
      hidePassing={p.hidePassing}
      onHidePassing={(v) => setParams({ hidePassing: v ? null : 'false' })}
      groupBy={p.groupBy}
      groupByOptions={groupByOptions(keys)}
      onGroupBy={(v) => setParams({ groupBy: v === 'canary_name' ? null : v })}
      tabBy={p.tabBy}
      tabByOptions={tabByOptions(keys)}
      onTabBy={(v) => setParams({ tabBy: v === 'namespace' ? null : v, tab: null })}
      labels={labels}
      labelFilters={p.labels}
      onLabelFilters={(next) => setParams({ labels: encodeLabels(next) })}
      pivot={pivotControls}
      inDrawer={phone}
    />
  );

  return (
    <Page
      crumbs={[{ label: 'Health' }]}
      actions={
        <div className="flex items-center gap-3 max-md:flex-wrap">
          <span className="flex items-center gap-3 text-[13px]" aria-label="Check counts">
            <CheckCount label="passing" count={passing} dot="bg-health-healthy" />
            <CheckCount label="failing" count={failing} dot="bg-health-unhealthy" />
          </span>
          <Select
            label="Time Range"
            value={summaryRange}
            onChange={(v) => setParams({ timeRange: v === DEFAULT_PANEL_RANGE ? null : v })}
            options={dashboardRangeOptions(summaryRange)}
          />
          <RefreshRateSelect value={rate} onChange={setRate} rangeMinutes={rangeMinutes(summaryRange)} />
          {canAdd ? <AddCheckLink /> : null}
        </div>
      }
    >
      <div className="flex min-h-0 flex-1 gap-3">
        {phone ? null : filters}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {phone ? <FilterDrawer>{filters}</FilterDrawer> : null}
            <label className="relative flex min-w-64 flex-1 items-center max-md:min-w-0 max-md:basis-full">
              <Search className="pointer-events-none absolute left-2.5 size-4 text-muted" aria-hidden />
              <input
                className="input w-full pl-8"
                type="search"
                placeholder="Search by name, description, or endpoint"
                aria-label="Search checks"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
              />
            </label>
            <Select
              label="Sort"
              value={p.sortBy}
              onChange={(v) => setParams({ sortBy: v === 'name' ? null : v })}
              options={SORT_OPTIONS}
            />
            <button
              type="button"
              className="btn btn-icon"
              aria-label={p.sortDesc ? 'Sort descending' : 'Sort ascending'}
              onClick={() => setParams({ sortDesc: p.sortDesc ? null : 'true' })}
            >
              {p.sortDesc ? (
                <ArrowDownWideNarrow className="size-4" />
              ) : (
                <ArrowUpNarrowWide className="size-4" />
              )}
            </button>
            {p.component && (
              <Badge tone="blue" className="h-7 gap-1 pl-2 text-xs">
                <span data-testid="component-filter">
                  {component.isPending
                    ? 'Component…'
                    : component.data
                      ? `Component: ${component.data}`
                      : 'Component not found'}
                </span>
                <button
                  type="button"
                  className="rounded p-0.5 hover:bg-brand-600/20"
                  aria-label="Clear component filter"
                  onClick={() => setParams({ component: null, status: null })}
                >
                  <X className="size-3.5" />
                </button>
              </Badge>
            )}
            <SegmentedControl
              label="Layout"
              options={LAYOUTS}
              value={p.layout}
              onChange={(l) => setParams({ layout: l === 'table' ? null : l })}
              itemClassName="px-2 py-1"
            />
          </div>
          <div
            role="tablist"
            className="flex gap-1 overflow-x-auto border-b border-line"
            aria-label="Check tabs"
          >
            {tabs.map((t) => (
              <button
                key={t.value}
                type="button"
                role="tab"
                aria-selected={p.tab === t.value}
                onClick={() => setParams({ tab: t.value === ALL_TAB ? null : t.value })}
                className={cn(
                  '-mb-px flex h-8 shrink-0 items-center gap-1.5 border-b-2 px-3 font-medium',
                  p.tab === t.value
                    ? 'border-brand-600 text-fg'
                    : 'border-transparent text-muted hover:text-fg',
                )}
              >
                {p.tabBy === 'agent_id' ? agentLabel(t.value, agentNames) : t.value}
                <span className="rounded-full bg-subtle px-1.5 text-[11px] font-semibold text-muted">
                  {t.count}
                </span>
              </button>
            ))}
          </div>
          {page.isError ? <ErrorView error={page.error} onRetry={() => void page.refetch()} /> : null}
          {p.layout === 'card' ? (
            <ChecksCards
              checks={checks}
              total={total}
              groupBy={p.groupBy}
              uptimeWindow={uptimeWindow}
              emptyText={emptyText}
              onOpenCheck={openCheck}
            />
          ) : pivot ? (
            <PivotTable
              checks={checks}
              groupBy={p.groupBy}
              pivot={pivot}
              total={total}
              loading={page.isFetching}
              uptimeWindow={uptimeWindow}
              emptyText={emptyText}
              onOpenCheck={openCheck}
            />
          ) : (
            <ChecksTable
              rows={rows}
              total={total}
              loading={page.isFetching}
              uptimeWindow={uptimeWindow}
              emptyText={emptyText}
              onToggleGroup={toggleGroup}
              onOpenCheck={openCheck}
            />
          )}
        </div>
      </div>
      {p.checkId && !checker ? (
        <Suspense fallback={null}>
          <CheckPanel
            embedded={isEmbedded}
            checkId={p.checkId}
            check={checks.find((c) => c.id === p.checkId)}
            // Closing the panel resets timeRange to 1h (doc 1 §2), the default, so it leaves the URL.
            onClose={() => setParams({ checkId: null, timeRange: null })}
          />
        </Suspense>
      ) : null}
    </Page>
  );
}
