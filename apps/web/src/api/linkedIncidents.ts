import { z } from 'zod';

/**
 * An incident linked to a resource by evidence, as the `incidents_by_component` and
 * `incidents_by_config` views give it.
 */
export const linkedIncidentSchema = z.object({
  id: z.string(),
  incident_id: z.string().nullable(),
  title: z.string(),
  type: z.string(),
  severity: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type LinkedIncident = z.infer<typeof linkedIncidentSchema>;

/** The columns to select for it. */
export const LINKED_INCIDENT_COLUMNS = 'id,incident_id,title,type,severity,status,created_at';
