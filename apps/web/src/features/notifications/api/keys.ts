import type { SortingState } from '@tanstack/react-table';

/** Every query key of the notifications area; `all` reaches them all (a save refreshes every list). */
export const notificationKeys = {
  all: ['notifications'] as const,
  history: (filters: { status: string; resourceType: string }, pageIndex: number, pageSize: number) =>
    [...notificationKeys.all, 'history', filters, pageIndex, pageSize] as const,
  historyDetail: (id: string) => [...notificationKeys.all, 'history-detail', id] as const,
  recentFailures: () => [...notificationKeys.all, 'recent-failures'] as const,
  rules: (pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...notificationKeys.all, 'rules', pageIndex, pageSize, sorting] as const,
  rule: (id: string) => [...notificationKeys.all, 'rule', id] as const,
  silences: (pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...notificationKeys.all, 'silences', pageIndex, pageSize, sorting] as const,
  silence: (id: string) => [...notificationKeys.all, 'silence', id] as const,
  silencePreview: (type: string, id: string, recursive: boolean) =>
    [...notificationKeys.all, 'silence-preview', type, id, recursive] as const,
  lookup: (kind: string, ids: readonly string[]) => [...notificationKeys.all, 'lookup', kind, ids] as const,
};
