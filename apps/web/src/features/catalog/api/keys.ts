import type { PaginationState } from '@tanstack/react-table';
import type { ChangesQuery, ConfigListQuery, InsightsQuery, RelatedQuery, SummaryQuery } from './catalog.js';

/** Every query key of the catalog area; `all` reaches them all. */
export const catalogKeys = {
  all: ['catalog'] as const,
  /** A filter option list (a lookup view such as config_types). */
  lookup: (view: string) => [...catalogKeys.all, 'lookup', view] as const,
  summary: (q: SummaryQuery) => [...catalogKeys.all, 'summary', q] as const,
  configs: (q: ConfigListQuery) => [...catalogKeys.all, 'configs', q] as const,
  config: (id: string) => [...catalogKeys.all, 'config', id] as const,
  /** The topology components built from one item (the split view). */
  components: (configId: string) => [...catalogKeys.config(configId), 'components'] as const,
  /** The checks linked to one item (its Checks tab, an infinite list). */
  checks: (configId: string, sort?: { by: string; desc: boolean }) =>
    [...catalogKeys.config(configId), 'checks', sort ?? null] as const,
  /** The playbook runs of one item (its Playbooks tab, an infinite list). */
  playbookRuns: (configId: string) => [...catalogKeys.config(configId), 'playbook-runs'] as const,
  /** The incidents linked to one item by evidence (its Details' Incidents). */
  incidents: (configId: string, filters: { type: string; status: string }) =>
    [...catalogKeys.config(configId), 'incidents', filters] as const,
  changes: (q: ChangesQuery) => [...catalogKeys.all, 'changes', q] as const,
  change: (configId: string | undefined, id: string | undefined) =>
    [...catalogKeys.all, 'change', configId, id] as const,
  /** An insights list (an infinite list) with these filters. */
  insights: (q: InsightsQuery) => [...catalogKeys.all, 'insights', q] as const,
  sourceLookup: (externalId: string, type: string | undefined) =>
    [...catalogKeys.all, 'source-lookup', externalId, type] as const,
  analyzers: () => [...catalogKeys.all, 'analyzers'] as const,
  related: (q: RelatedQuery) => [...catalogKeys.all, 'related', q] as const,
  /** The scraper list; a scraper and its runs sit below it. */
  scrapers: () => [...catalogKeys.all, 'scrapers'] as const,
  scraper: (id: string | undefined) => [...catalogKeys.scrapers(), id] as const,
  lastRuns: (ids: string[]) => [...catalogKeys.all, 'last-runs', ids] as const,
  scraperJobs: (id: string, page: PaginationState) => [...catalogKeys.all, 'scraper-jobs', id, page] as const,
};
