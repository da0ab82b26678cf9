import type { SortingState } from '@tanstack/react-table';
import type { JobFilters } from '../jobs/jobHistory.js';

/** Every query key of the settings area (job history, event queue). */
export const settingsKeys = {
  all: ['settings'] as const,
  jobNames: () => [...settingsKeys.all, 'job-names'] as const,
  jobs: (filters: JobFilters, pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...settingsKeys.all, 'jobs', filters, pageIndex, pageSize, sorting] as const,
  eventQueue: () => [...settingsKeys.all, 'event-queue'] as const,
};
