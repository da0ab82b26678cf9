import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import type { TriStateMap } from '../../../ui/triState.js';
import { healthKeys } from './keys.js';
import { checkSummarySchema } from './types.js';

export type SortKey = 'name' | 'health' | 'uptime' | 'latency' | 'transition';
export const SORT_KEYS: readonly SortKey[] = ['name', 'health', 'uptime', 'latency', 'transition'];

/** What the dashboard asks GET /api/health/dashboard for (docs/health.md, APIs). */
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

const groupSchema = z.object({
  key: z.string(),
  count: z.number(),
  health: z.string(),
  passed: z.number(),
  failed: z.number(),
  latency: z.number().nullable(),
  last_transition_time: z.string().nullable(),
});
export type DashboardGroup = z.infer<typeof groupSchema>;

export const dashboardResponseSchema = z.object({
  duration: z.number().optional(),
  total: z.number(),
  passing: z.number(),
  failing: z.number(),
  tabs: z.array(z.object({ value: z.string(), count: z.number() })),
  labels: z.array(z.object({ key: z.string(), values: z.array(z.string()) })),
  groups: z.array(groupSchema),
  checks: z.array(checkSummarySchema),
});
export type DashboardPage = z.infer<typeof dashboardResponseSchema>;

function queryOf(r: DashboardRequest): Record<string, string | number | boolean | undefined> {
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

export async function fetchDashboardPage(r: DashboardRequest, signal?: AbortSignal): Promise<DashboardPage> {
  return dashboardResponseSchema.parse(await http('/api/health/dashboard', { query: queryOf(r), signal }));
}

/** A page request started before the page rendered (see `prefetchDashboardPage`). */
let early: { key: string; at: number; promise: Promise<DashboardPage> } | undefined;
const EARLY_MAX_AGE_MS = 10_000;

/**
 * Starts the first page's request while the shell is still loading the session and the
 * page's code, so that the rows are (nearly) there when the table mounts.
 */
export function prefetchDashboardPage(r: DashboardRequest): void {
  const promise = fetchDashboardPage(r);
  promise.catch(() => undefined); // the page's own query reports errors
  early = { key: JSON.stringify(queryOf(r)), at: Date.now(), promise };
}

function takeEarly(r: DashboardRequest): Promise<DashboardPage> | undefined {
  const e = early;
  early = undefined;
  return e && e.key === JSON.stringify(queryOf(r)) && Date.now() - e.at < EARLY_MAX_AGE_MS
    ? e.promise
    : undefined;
}

/**
 * The dashboard's page: the checks as shown (filtered, grouped, sorted by the server), the
 * counts and the tab and label options; refetched at the chosen refresh rate, the previous
 * page kept on screen while a new filter loads.
 */
export function useDashboardPage(r: DashboardRequest, refetchInterval: number | false) {
  return useQuery({
    queryKey: healthKeys.dashboard(queryOf(r)),
    queryFn: ({ signal }) =>
      takeEarly(r)?.catch(() => fetchDashboardPage(r, signal)) ?? fetchDashboardPage(r, signal),
    refetchInterval,
    placeholderData: keepPreviousData,
  });
}
