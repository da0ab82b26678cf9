import type { PaginationState, SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { db, ilikePattern, page } from '../../../api/postgrest.js';

const ref = z.object({ id: z.string().nullable(), name: z.string().nullable() });

/** The integration types, also the detail route's {type} segment. */
export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

const integrationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  source: z.string().nullable(),
  type: z.string().nullable(),
  integration_type: z.enum(INTEGRATION_TYPES),
  agent_id: z.string().nullable(),
  agent: ref.nullable(),
  job_status: z.string().nullable(),
  job_details: z.unknown().optional(),
  job_name: z.string().nullable(),
  job_time_start: z.string().nullable(),
  job_last_failed: z.string().nullable(),
  created_by: ref.nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type IntegrationRow = z.infer<typeof integrationRowSchema>;

/** Columns the server sorts by (Created By is not sortable). */
export const SORTABLE = new Set([
  'name',
  'integration_type',
  'type',
  'source',
  'namespace',
  'job_status',
  'job_time_start',
  'job_last_failed',
  'created_at',
  'updated_at',
]);

/** The view that unites scrapers, topologies and logging backends with their last job. */
const INTEGRATIONS_VIEW = 'integrations_with_status';

/**
 * One page of integrations: sorted by the server (name by default), searched by name, type,
 * namespace and source, with the exact total for the pager.
 */
export async function fetchIntegrations(
  search: string,
  sorting: SortingState,
  pagination: PaginationState,
  signal?: AbortSignal,
): Promise<{ data: IntegrationRow[]; totalEntries: number | undefined }> {
  const first = sorting[0];
  const sort = first && SORTABLE.has(first.id) ? first : { id: 'name', desc: false };
  const from = pagination.pageIndex * pagination.pageSize;
  let q = db.from(INTEGRATIONS_VIEW).select('*', { count: 'exact' });
  const text = search.trim();
  if (text) {
    const p = ilikePattern(text);
    q = q.or(['name', 'type', 'namespace', 'source'].map((c) => `${c}.ilike.${p}`).join(','));
  }
  const sorted = q
    .order(sort.id, { ascending: !sort.desc, nullsFirst: false })
    .range(from, from + pagination.pageSize - 1);
  const res = await page(signal ? sorted.abortSignal(signal) : sorted);
  return { data: z.array(integrationRowSchema).parse(res.data), totalEntries: res.totalEntries };
}
