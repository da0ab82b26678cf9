import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';

/** A row of incidents_by_config: an incident whose evidence names the item. */
const configIncidentSchema = z.object({
  id: z.string(),
  incident_id: z.string().nullable(),
  title: z.string(),
  type: z.string(),
  severity: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type ConfigIncident = z.infer<typeof configIncidentSchema>;

/** The newest this many are listed. */
const MAX_INCIDENTS = 100;

/** Incidents linked to a config item by evidence, newest first; 'all' leaves a filter out. */
export async function fetchConfigIncidents(
  configId: string,
  filters: { type: string; status: string },
  signal?: AbortSignal,
): Promise<ConfigIncident[]> {
  let q = db
    .from('incidents_by_config')
    .select('id,incident_id,title,type,severity,status,created_at')
    .eq('config_id', configId)
    .order('created_at', { ascending: false })
    .limit(MAX_INCIDENTS);
  if (filters.type !== 'all') q = q.eq('type', filters.type);
  if (filters.status !== 'all') q = q.eq('status', filters.status);
  return z.array(configIncidentSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}
