import { resolveTimeRange, type TimeRange } from '@opsdeck/shared';
import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { db, page, rows } from '../../../api/postgrest.js';
import type { TriStateMap } from '../../../ui/triState.js';

export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Status filter options. */
export const STATUS_OPTIONS = [
  { value: 'RUNNING', label: 'Running' },
  { value: 'SUCCESS', label: 'Success' },
  { value: 'WARNING', label: 'Warning' },
  { value: 'FAILED', label: 'Failed' },
];

/** The default excludes SUCCESS, in the value:-1 encoding. */
export const DEFAULT_STATUS_FILTER = 'SUCCESS:-1';

export const RESOURCE_TYPES = [
  { value: '', label: 'All' },
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Config scraper' },
];

/** Run duration filter: a named option maps to a minimum in milliseconds. */
export const DURATION_OPTIONS = [
  { value: '', label: 'All' },
  { value: '1000', label: '≥ 1s' },
  { value: '10000', label: '≥ 10s' },
  { value: '30000', label: '≥ 30s' },
  { value: '60000', label: '≥ 1m' },
  { value: '300000', label: '≥ 5m' },
  { value: '1800000', label: '≥ 30m' },
  { value: '3600000', label: '≥ 1h' },
];

export const jobHistorySchema = z.object({
  id: z.string(),
  name: z.string(),
  agent: z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable().optional(),
  resource_id: z.string().nullable(),
  resource_type: z.string().nullable(),
  resource_name: z.string().nullable().optional(),
  status: z.string(),
  duration_millis: z.number().nullable(),
  time_start: z.string().nullable(),
  success_count: z.number().nullable(),
  error_count: z.number().nullable(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type JobHistory = z.infer<typeof jobHistorySchema>;

export type JobFilters = {
  resourceType: string;
  resourceId: string;
  name: string;
  status: TriStateMap;
  durationMs: number | undefined;
  range: TimeRange;
};

/** One page of job history (`/api/db/job_histories`) with the exact total. */
export async function fetchJobHistory(
  filters: JobFilters,
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: JobHistory[]; totalEntries: number | undefined }> {
  const sort = sorting[0] ?? { id: 'created_at', desc: true };
  let q = db.from('job_histories').select('*', { count: 'exact' });
  if (filters.resourceType) q = q.eq('resource_type', filters.resourceType);
  if (filters.resourceId) q = q.eq('resource_id', filters.resourceId);
  if (filters.name) q = q.eq('name', filters.name);
  const include = Object.keys(filters.status).filter((s) => filters.status[s] === 1);
  const exclude = Object.keys(filters.status).filter((s) => filters.status[s] === -1);
  if (include.length) q = q.in('status', include);
  if (exclude.length) q = q.not('status', 'in', `(${exclude.join(',')})`);
  if (filters.durationMs !== undefined) q = q.gte('duration_millis', filters.durationMs);
  const { from, to } = resolveTimeRange(filters.range);
  q = q.gte('created_at', from.toISOString()).lte('created_at', to.toISOString());
  const ordered = q
    .order(sort.id, { ascending: !sort.desc })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? ordered.abortSignal(signal) : ordered);
  return { data: z.array(jobHistorySchema).parse(res.data), totalEntries: res.totalEntries };
}

/** Job names for the name filter, from their own list. */
export async function fetchJobNames(): Promise<string[]> {
  const list = await rows(db.from('job_history_names').select('name').order('name', { ascending: true }));
  return z
    .array(z.object({ name: z.string() }))
    .parse(list)
    .map((r) => r.name);
}
