import type { SortingState } from '@tanstack/react-table';
import type { HistoryFilter } from './types.js';

/** Every query key of the health area; `all` reaches them all (Run Now refreshes it). */
export const healthKeys = {
  all: ['health'] as const,
  /** The dashboard's summary of all checks; one check's figures sit below it. */
  summary: (window: string) => [...healthKeys.all, 'summary', window] as const,
  checkSummary: (window: string, checkId: string) => [...healthKeys.summary(window), checkId] as const,
  /** A page of the dashboard, by the query it sends. */
  dashboard: (query: Record<string, unknown>) => [...healthKeys.all, 'dashboard', query] as const,
  check: (checkId: string) => [...healthKeys.all, 'check', checkId] as const,
  graph: (checkId: string, start: string) => [...healthKeys.all, 'graph', checkId, start] as const,
  locations: (checkId: string) => [...healthKeys.all, 'locations', checkId] as const,
  relationships: (checkId: string) => [...healthKeys.all, 'relationships', checkId] as const,
  statuses: (checkId: string, rangeMinutes: number, filter: HistoryFilter, pageIndex: number) =>
    [...healthKeys.all, 'statuses', checkId, rangeMinutes, filter, pageIndex] as const,
  componentName: (componentId: string | null) => [...healthKeys.all, 'component-name', componentId] as const,
  /** Settings › Health Checks. */
  canaries: (sorting: SortingState) => [...healthKeys.all, 'canaries', sorting] as const,
  canary: (id: string) => [...healthKeys.all, 'canary', id] as const,
  canaryJobs: (id: string) => [...healthKeys.all, 'canary-jobs', id] as const,
};
