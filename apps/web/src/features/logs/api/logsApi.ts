import type { LogItem, LogSearchResponse } from '@opsdeck/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, rows } from '../../../api/postgrest.js';

const componentRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    type: z.string().nullable(),
    logs: z.array(z.object({ name: z.string() }).loose()).catch([]),
  }),
);
export type ComponentWithLogs = z.infer<typeof componentRows>[number];

export const logsKeys = {
  components: () => ['logs', 'components'] as const,
  search: (s: LogSearch) => ['logs', 'search', s] as const,
};

/** The components that declare log selectors: the Component picker's options. */
export function useComponentsWithLogs() {
  return useQuery({
    queryKey: logsKeys.components(),
    queryFn: async ({ signal }) =>
      componentRows.parse(
        await rows(
          db.from('components_with_logs').select('id,name,icon,type,logs').order('name').abortSignal(signal),
        ),
      ),
    staleTime: 60_000,
  });
}

export type LogSearch = { id: string; name: string; query: string; start: string };

const responseSchema = z.object({
  total: z.number(),
  results: z.array(
    z.object({
      timestamp: z.string(),
      message: z.string(),
      labels: z.record(z.string(), z.string()).catch({}),
    }),
  ),
});

/** The latest lines of one component's log selector (POST /api/logs). */
export function fetchLogs(s: LogSearch, signal?: AbortSignal): Promise<LogSearchResponse> {
  return http('/api/logs', {
    method: 'POST',
    body: { id: s.id, name: s.name, query: s.query, start: s.start },
    signal,
    timeoutMs: 60_000,
  }).then((body) => responseSchema.parse(body));
}

export function useLogs(s: LogSearch | undefined) {
  return useQuery({
    queryKey: logsKeys.search(s ?? { id: '', name: '', query: '', start: '' }),
    queryFn: ({ signal }) =>
      s ? fetchLogs(s, signal) : Promise.resolve({ total: 0, results: [] as LogItem[] }),
    enabled: s !== undefined,
    placeholderData: keepPreviousData,
  });
}
