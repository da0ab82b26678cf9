import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Page } from '../../../ui/Page.js';
import { SheetOnPhone } from '../../../ui/SheetOnPhone.js';
import type { Crumb } from '../../../ui/Breadcrumbs.js';
import { useStoredState } from '../../../lib/useStoredState.js';
import { useComponentNames, useTopologyTree } from '../api/topologyApi.js';
import type { TopologyComponent } from '../api/types.js';
import { CardSizeControls } from '../components/CardSizeControls.js';
import { CardMenu } from '../components/CardMenu.js';
import { SidePanel } from '../components/SidePanel.js';
import { TopologyCard } from '../components/TopologyCard.js';
import { TopologyFilters } from '../components/TopologyFilters.js';
import { CARD_WIDTH_KEY, cardWidthSchema, DEFAULT_CARD_WIDTH } from '../lib/cards.js';
import { useTopologyParams } from '../lib/useTopologyParams.js';
import { useActiveMaintenance } from '../../../api/activeMaintenance.js';

function collectHeadlineFields(list: TopologyComponent[]): string[] {
  const names = new Set<string>();
  for (const c of list) for (const p of c.properties) if (p.headline && p.name) names.add(p.name);
  return [...names].sort();
}

/** `/topology` and `/topology/{id}`: the home page's component cards. */
export function TopologyPage() {
  const { id } = useParams();
  const { params, setParams, filters, setSort } = useTopologyParams();
  const [width, setWidth] = useStoredState(CARD_WIDTH_KEY, cardWidthSchema, DEFAULT_CARD_WIDTH);
  const tree = useTopologyTree({ ...filters, id });
  const refererId = params.get('refererId') ?? undefined;
  // Cards link on with the page's other query parameters (filters, sort, hidden components).
  const carry = params.toString();

  const current: TopologyComponent | undefined = id ? tree.data?.components[0] : undefined;
  const multiple = id !== undefined && (tree.data?.components.length ?? 0) > 1;
  const cards = useMemo(() => {
    if (!tree.data) return [];
    if (!id) return tree.data.components;
    const only = tree.data.components[0];
    if (!only) return [];
    return only.children.length > 0 ? only.children : [only];
  }, [tree.data, id]);

  const path = current?.path ?? '';
  const ancestorIds = useMemo(() => {
    const ids = path.split('.').filter(Boolean);
    if (refererId && !ids.includes(refererId) && refererId !== id) ids.push(refererId);
    return ids;
  }, [path, refererId, id]);
  const names = useComponentNames(ancestorIds);
  const crumbs: Crumb[] = [
    { label: 'Dashboard', href: '/topology' },
    ...ancestorIds.map((a) => ({ label: names.data?.get(a) ?? '…', href: `/topology/${a}` })),
    ...(current ? [{ label: current.title ?? current.name }] : []),
  ];

  const agents = useMemo(() => [...new Set(cards.map((c) => c.agent_id))], [cards]);
  const headlineFields = useMemo(() => collectHeadlineFields(cards), [cards]);

  const maintenance = useActiveMaintenance(cards.map((c) => c.id)).data ?? {};
  return (
    <Page
      crumbs={crumbs}
      actions={
        <>
          {current && <CardMenu component={current} zoom={false} />}
          <CardSizeControls
            width={width}
            onWidth={setWidth}
            showHidden={filters.hidden}
            onShowHidden={(v) => setParams({ showHiddenComponents: v ? 'yes' : 'no' })}
          />
        </>
      }
    >
      <TopologyFilters
        tree={tree.data}
        params={params}
        setParams={setParams}
        sort={{ sortBy: filters.sortBy, sortOrder: filters.sortOrder }}
        setSort={setSort}
        agents={agents}
        headlineFields={headlineFields}
      />
      {/* Phones: the side panel is a sheet opened from 'Details' above the cards, which the page scrolls. */}
      <div className="flex min-h-0 flex-1 gap-3 max-md:flex-col-reverse">
        <div className="min-h-0 min-w-0 flex-1 overflow-y-auto max-md:overflow-visible">
          {tree.isError && !tree.data && (
            <ErrorView
              title="Unable to load components!"
              error={tree.error}
              onRetry={() => void tree.refetch()}
            />
          )}
          {tree.isPending && <p className="p-4 text-sm text-muted">Loading components…</p>}
          {multiple && (
            <p className="p-4 text-sm text-health-unhealthy">Response has multiple components for the id</p>
          )}
          {tree.isSuccess && !multiple && cards.length === 0 && (
            <p className="p-8 text-center text-sm text-muted">
              There are no components matching this criteria
            </p>
          )}
          {!multiple && (
            <div className="flex flex-wrap content-start items-start gap-3" data-testid="topology-cards">
              {cards.map((c) => (
                <TopologyCard
                  key={c.id}
                  component={c}
                  width={width}
                  refererId={id}
                  carry={carry}
                  maintenance={maintenance[c.id]}
                />
              ))}
            </div>
          )}
        </div>
        {current && !multiple && (
          <SheetOnPhone title="Details">
            <SidePanel
              key={current.id}
              component={current}
              parentName={current.parent_id ? names.data?.get(current.parent_id) : undefined}
            />
          </SheetOnPhone>
        )}
      </div>
    </Page>
  );
}
