import { z } from 'zod';
import {
  LINKED_INCIDENT_COLUMNS,
  linkedIncidentSchema,
  type LinkedIncident,
} from '../../../api/linkedIncidents.js';
import { db, rows } from '../../../api/postgrest.js';

/** The newest this many are listed. */
const MAX_INCIDENTS = 100;

/** Incidents linked to a config item by evidence, newest first; 'all' leaves a filter out. */
export async function fetchConfigIncidents(
  configId: string,
  filters: { type: string; status: string },
  signal?: AbortSignal,
): Promise<LinkedIncident[]> {
  let q = db
    .from('incidents_by_config')
    .select(LINKED_INCIDENT_COLUMNS)
    .eq('config_id', configId)
    .order('created_at', { ascending: false })
    .limit(MAX_INCIDENTS);
  if (filters.type !== 'all') q = q.eq('type', filters.type);
  if (filters.status !== 'all') q = q.eq('status', filters.status);
  return z.array(linkedIncidentSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}
