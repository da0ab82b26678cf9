import type { TriStateMap } from '../../../ui/triState.js';

/**
 * What the dashboard asks GET /api/health/dashboard for, and the query string it sends: kept
 * apart from the page's code (no zod, no React) so that the entry module can send the first
 * page's request while the app loads (early.ts).
 */
export const DASHBOARD_PATH = '/api/health/dashboard';

export type SortKey = 'name' | 'health' | 'uptime' | 'latency' | 'transition';
export const SORT_KEYS: readonly SortKey[] = ['name', 'health', 'uptime', 'latency', 'transition'];

/** What the dashboard asks for (docs/health.md, APIs). */
export type DashboardRequest = {
  window: string;
  tabBy: string;
  tab: string;
  query: string;
  status: string;
  labels: TriStateMap;
  component: string | null;
  hidePassing: boolean;
  groupBy: string;
  sortBy: SortKey;
  sortDesc: boolean;
  limit: number;
};

/** The most checks the server sends in one page. */
export const DASHBOARD_PAGE_MAX = 10_000;

/** The query parameters of a page request. */
export function dashboardQueryOf(r: DashboardRequest): Record<string, string | number | boolean | undefined> {
  const labels = Object.fromEntries(Object.entries(r.labels).filter(([, v]) => v !== 0));
  return {
    window: r.window,
    tab_by: r.tabBy,
    tab: r.tab,
    query: r.query.trim() || undefined,
    status: r.status || undefined,
    labels: Object.keys(labels).length ? JSON.stringify(labels) : undefined,
    component: r.component ?? undefined,
    hide_passing: r.hidePassing,
    group_by: r.groupBy,
    sort: r.sortBy,
    desc: r.sortDesc,
    limit: Math.min(r.limit, DASHBOARD_PAGE_MAX),
  };
}
