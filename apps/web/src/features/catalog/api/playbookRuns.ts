import { z } from 'zod';
import { db, page } from '../../../api/postgrest.js';

/** A playbook run of a config, as its Playbooks tab lists it (the catalog does not import playbooks). */
export const configRunSchema = z.object({
  id: z.string(),
  status: z.string(),
  created_at: z.string(),
  start_time: z.string().nullable().optional(),
  end_time: z.string().nullable().optional(),
  trigger: z.string().nullable().optional(),
  playbooks: z
    .object({
      id: z.string(),
      name: z.string(),
      title: z.string().nullable().optional(),
      icon: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  created_by: z.object({ id: z.string(), name: z.string().nullable().optional() }).nullable().optional(),
});
export type ConfigRun = z.infer<typeof configRunSchema>;

/** One page of the config's top-level playbook runs, newest first, with the exact total. */
export async function fetchConfigRuns(
  configId: string,
  range: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<{ data: ConfigRun[]; totalEntries: number | undefined }> {
  const q = db
    .from('playbook_runs')
    .select(
      'id,status,created_at,start_time,end_time,trigger,playbooks(id,name,title,icon),created_by(id,name)',
      {
        count: 'exact',
      },
    )
    .eq('config_id', configId)
    .is('parent_id', null)
    .order('created_at', { ascending: false })
    .order('id')
    .range(range.offset, range.offset + range.limit - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(configRunSchema).parse(res.data), totalEntries: res.totalEntries };
}
