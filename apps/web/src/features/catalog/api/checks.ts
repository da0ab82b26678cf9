import { z } from 'zod';
import { db, page } from '../../../api/postgrest.js';

/** A row of check_summary_for_config: a check linked to the item, with its last day. */
export const configCheckSchema = z.object({
  id: z.string(),
  canary_id: z.string().nullable().optional(),
  name: z.string(),
  type: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
  namespace: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  severity: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  last_runtime: z.string().nullable().optional(),
  last_transition_time: z.string().nullable().optional(),
  uptime: z.object({ passed: z.number(), failed: z.number() }).nullable().optional(),
  latency: z.object({ p99: z.number().nullable().optional() }).nullable().optional(),
});
export type ConfigCheck = z.infer<typeof configCheckSchema>;

/** The Checks tab's sortable columns and the view's columns they sort by. */
export const CONFIG_CHECK_SORTS = {
  name: 'name',
  health: 'status',
  type: 'type',
  last_run: 'last_runtime',
} as const;
export type ConfigCheckSort = { by: keyof typeof CONFIG_CHECK_SORTS; desc: boolean };

/**
 * One page of the checks linked to a config item, by name unless sorted otherwise, with the
 * exact total (the Checks tab). The id last keeps pages from repeating or skipping rows.
 */
export async function fetchConfigChecks(
  configId: string,
  range: { offset: number; limit: number },
  sort: ConfigCheckSort = { by: 'name', desc: false },
  signal?: AbortSignal,
): Promise<{ data: ConfigCheck[]; totalEntries: number | undefined }> {
  const q = db
    .from('check_summary_for_config')
    .select('*', { count: 'exact' })
    .eq('config_id', configId)
    .order(CONFIG_CHECK_SORTS[sort.by], { ascending: !sort.desc, nullsFirst: false })
    .order('id')
    .range(range.offset, range.offset + range.limit - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(configCheckSchema).parse(res.data), totalEntries: res.totalEntries };
}
