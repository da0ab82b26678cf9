import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { DASHBOARD_PATH, dashboardQueryOf, type DashboardRequest } from './dashboardQuery.js';
import { healthKeys } from './keys.js';
import { checkSummarySchema } from './types.js';

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

export async function fetchDashboardPage(r: DashboardRequest, signal?: AbortSignal): Promise<DashboardPage> {
  return dashboardResponseSchema.parse(await http(DASHBOARD_PATH, { query: dashboardQueryOf(r), signal }));
}

/**
 * The dashboard's page: the checks as shown (filtered, grouped, sorted by the server), the
 * counts and the tab and label options; refetched at the chosen refresh rate, the previous
 * page kept on screen while a new filter loads.
 */
export function useDashboardPage(r: DashboardRequest, refetchInterval: number | false) {
  return useQuery({
    queryKey: healthKeys.dashboard(dashboardQueryOf(r)),
    // The first page's request may have left with the entry module (early.ts): http() takes it.
    queryFn: ({ signal }) => fetchDashboardPage(r, signal),
    refetchInterval,
    placeholderData: keepPreviousData,
  });
}
