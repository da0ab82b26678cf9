import { INCIDENT_DEFAULTS, INCIDENT_SEVERITIES, INCIDENT_TYPES } from '@opsdeck/shared';
import { z } from 'zod';

/** The "Link to Incident" form texts. */
export const LINK_ERRORS = {
  incident: 'Must select or create an incident',
  hypothesis: 'Must select or create a hypothesis',
  severity: 'Please select incident severity',
  type: 'Please select an incident type',
} as const;

/** `incident` is 'new' (create one titled `search`), an existing incident's id, or '' (none). */
export const linkFormSchema = z
  .object({
    search: z.string(),
    incident: z.string(),
    severity: z.enum(INCIDENT_SEVERITIES, { message: LINK_ERRORS.severity }),
    type: z.enum(INCIDENT_TYPES, { message: LINK_ERRORS.type }),
    hypothesis: z.string(),
    /** An existing incident's chosen hypothesis; '' creates one titled `hypothesis`. */
    hypothesisId: z.string(),
    description: z.string(),
  })
  .superRefine((v, ctx) => {
    const isNew = v.incident === 'new';
    if (!v.incident || (isNew && !v.search.trim()))
      ctx.addIssue({ code: 'custom', path: ['incident'], message: LINK_ERRORS.incident });
    // A new incident's hypothesis defaults to its title.
    if (!isNew && !v.hypothesisId && !v.hypothesis.trim())
      ctx.addIssue({ code: 'custom', path: ['hypothesis'], message: LINK_ERRORS.hypothesis });
  });
export type LinkForm = z.infer<typeof linkFormSchema>;

/** A new incident titled after the resource, with the spec defaults (type availability, severity low). */
export function initialLinkForm(resourceName: string): LinkForm {
  return {
    search: resourceName,
    incident: 'new',
    severity: INCIDENT_DEFAULTS.severity,
    type: INCIDENT_DEFAULTS.type,
    hypothesis: resourceName,
    hypothesisId: '',
    description: '',
  };
}
