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

/** One page of the checks linked to a config item, by name, with the exact total (the Checks tab). */
export async function fetchConfigChecks(
  configId: string,
  range: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<{ data: ConfigCheck[]; totalEntries: number | undefined }> {
  const q = db
    .from('check_summary_for_config')
    .select('*', { count: 'exact' })
    .eq('config_id', configId)
    .order('name')
    .order('id')
    .range(range.offset, range.offset + range.limit - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(configCheckSchema).parse(res.data), totalEntries: res.totalEntries };
}
