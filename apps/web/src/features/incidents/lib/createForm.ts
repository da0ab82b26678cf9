import { INCIDENT_DEFAULTS, INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@opsdeck/shared';
import { z } from 'zod';

/** The generic required-text message. */
export const REQUIRED = 'This field is required';

/** Create New Incident: title required, description optional, severity/status/type from the lists. */
export const createIncidentSchema = z.object({
  title: z.string().trim().min(1, REQUIRED),
  description: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES, { message: REQUIRED }),
  status: z.enum(INCIDENT_STATUSES, { message: REQUIRED }),
  type: z.enum(INCIDENT_TYPES, { message: REQUIRED }),
});
export type CreateIncidentForm = z.infer<typeof createIncidentSchema>;

export const EMPTY_INCIDENT: CreateIncidentForm = { title: '', description: '', ...INCIDENT_DEFAULTS };
