import { z } from 'zod';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { labelSelectorSchema } from '../selectors.js';
import { durationTextSchema } from '../time/duration.js';

/**
 * The spec of an incident rule, with Mission Control's field names (CRD `IncidentRule`) so its
 * YAML imports unchanged: which components it watches, which of their statuses open an
 * incident, and the incident it opens. `checks` and `configs` are Opsdeck's own: the same
 * selectors over health checks and catalog items.
 */

/** Selects components, checks or catalog items (name with `*`, namespace, types, agent, labels, tags). */
const resourceSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    types: z.array(z.string().min(1)).optional(),
    agent: z.string().optional(),
    labelSelector: labelSelectorSchema.optional(),
    tagSelector: labelSelectorSchema.optional(),
    search: z.string().optional(),
  })
  .strict();

const duration = durationTextSchema('a duration such as 30m, 4h or 1d');

const templateSchema = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    type: z.string().optional(),
    status: z.string().optional(),
    severity: z.string().optional(),
    created_by: z.string().optional(),
    commander_id: z.string().optional(),
    communicator_id: z.string().optional(),
  })
  .strict();

const filterSchema = z
  .object({
    status: z.array(z.string().min(1)).optional(),
    severity: z.array(z.string().min(1)).optional(),
    category: z.array(z.string().min(1)).optional(),
    age: duration.optional(),
  })
  .strict();

const hoursSchema = z.object({ start: z.string(), end: z.string(), negate: z.boolean().optional() }).strict();

const responderList = z.array(z.record(z.string(), z.unknown())).optional();

export const incidentRuleSpecSchema = z
  .object({
    name: z.string().optional(),
    components: z.array(resourceSelectorSchema).optional(),
    checks: z.array(resourceSelectorSchema).optional(),
    configs: z.array(resourceSelectorSchema).optional(),
    template: templateSchema.optional(),
    filter: filterSchema.optional(),
    autoAssignOwner: z.boolean().optional(),
    priority: z.number().int().optional(),
    breakOnMatch: z.boolean().optional(),
    hoursOfOperation: z.array(hoursSchema).optional(),
    autoClose: z.object({ timeout: duration }).strict().optional(),
    autoResolve: z.object({ timeout: duration }).strict().optional(),
    responders: z
      .object({
        email: responderList,
        jira: responderList,
        aws: responderList,
        ams: responderList,
        gcp: responderList,
        servicenow: responderList,
        slack: responderList,
        teams: responderList,
        teamsUser: responderList,
        github: responderList,
      })
      .strict()
      .optional(),
  })
  .strict();
export type IncidentRuleSpec = z.infer<typeof incidentRuleSpecSchema>;

/** The whole Kubernetes-style document (apiVersion, kind, metadata, spec). */
export const incidentRuleResourceSchema = resourceDocumentSchema(
  'IncidentRule',
  incidentRuleSpecSchema,
).strict();

/** The JSON Schema of an incident rule's spec, for /api/schemas/incident-rule.schema.json. */
export function incidentRuleJsonSchema(): Record<string, unknown> {
  return specJsonSchema(incidentRuleSpecSchema);
}
