import { SORT_KEYS, type DashboardRequest, type SortKey } from '../api/dashboardQuery.js';
import { decodeTriState, type TriStateMap } from '../../../ui/triState.js';
import { ALL_TAB, DEFAULT_GROUP_BY, DEFAULT_TAB_BY } from './checks.js';
import { DEFAULT_PANEL_RANGE } from './timeRange.js';

export type HealthParams = {
  layout: 'table' | 'card';
  query: string;
  groupBy: string;
  tabBy: string;
  tab: string;
  hidePassing: boolean;
  labels: TriStateMap;
  sortBy: SortKey;
  sortDesc: boolean;
  timeRange: string;
  /** Whether timeRange is in the URL (the panel otherwise derives one from the last run). */
  timeRangeSet: boolean;
  checkId: string | null;
  status: string;
  /** A topology component: only the checks linked to it (from a topology card's link). */
  component: string | null;
  pivotBy: string | null;
  pivotLabel: string | null;
  pivotCellType: string | null;
  /** `?embed=true`: the page is embedded in another one (doc 1 §2). */
  embedded: boolean;
};

/** The dashboard's settings from its URL's parameters. */
export function parseHealthParams(params: URLSearchParams): HealthParams {
  const sortBy = params.get('sortBy');
  return {
    layout: params.get('layout') === 'card' ? 'card' : 'table',
    query: params.get('query') ?? '',
    groupBy: params.get('groupBy') ?? DEFAULT_GROUP_BY,
    tabBy: params.get('tabBy') ?? DEFAULT_TAB_BY,
    tab: params.get('tab') ?? ALL_TAB,
    hidePassing: params.get('hidePassing') !== 'false',
    labels: decodeTriState(params.get('labels')),
    sortBy: SORT_KEYS.includes(sortBy as SortKey) ? (sortBy as SortKey) : 'name',
    sortDesc: params.get('sortDesc') === 'true',
    timeRange: params.get('timeRange') ?? DEFAULT_PANEL_RANGE,
    timeRangeSet: params.has('timeRange'),
    checkId: params.get('checkId'),
    status: params.get('status') ?? '',
    component: params.get('component'),
    pivotBy: params.get('pivotBy'),
    pivotLabel: params.get('pivotLabel'),
    pivotCellType: params.get('pivotCellType'),
    embedded: params.get('embed') === 'true',
  };
}

/** The table's rows asked for at first; scrolling to the end doubles it (DataTable, virtual). */
export const DASHBOARD_FIRST_ROWS = 200;

/** The page request for these settings, the window and the number of checks wanted. */
export function dashboardRequest(
  p: HealthParams,
  window: string,
  limit: number,
  query = p.query,
): DashboardRequest {
  return {
    window,
    tabBy: p.tabBy,
    tab: p.tab,
    query,
    status: p.status,
    labels: p.labels,
    component: p.component,
    hidePassing: p.hidePassing,
    groupBy: p.groupBy,
    sortBy: p.sortBy,
    sortDesc: p.sortDesc,
    limit,
  };
}
