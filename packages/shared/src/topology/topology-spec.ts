import { z } from 'zod';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { scheduleSchema } from '../time/schedule.js';
import { configSelectorSchema, labelSelectorSchema } from '../selectors.js';
import { ownTable } from '../lookup.js';

/**
 * The topology spec, with Mission Control's field names where they exist, so existing
 * Topology YAML imports unchanged. A topology is a tree of components: the topology itself
 * is the root component (named after the topology), each component may declare static
 * children (`components`) and `lookup` children (one per matching config item), refined by
 * the `forEach` template. Strings inside `forEach` may use `$(.config.name)` or
 * `{{ .config.name }}` (also `.component.*`) to refer to the item a child was made from.
 */

/** Selects checks by name (* wildcards), namespace and labels. */
export const checkSelectorSchema = z
  .object({
    name: z.string().optional(),
    namespace: z.string().optional(),
    labelSelector: labelSelectorSchema.optional(),
    types: z.array(z.string()).optional(),
  })
  .strict();

/** A check link: `checks: [{selector: {...}}]` (Mission Control's inline canaries are not supported). */
export const componentCheckSchema = z.object({ selector: checkSelectorSchema }).strict();

/** Selects components (related components) by name, type and labels. */
export const componentSelectorSchema = z
  .object({
    name: z.string().optional(),
    types: z.array(z.string()).optional(),
    labelSelector: labelSelectorSchema.optional(),
  })
  .strict();

const linkSchema = z
  .object({
    name: z.string().optional(),
    label: z.string().optional(),
    text: z.string().optional(),
    type: z.string().optional(),
    icon: z.string().optional(),
    url: z.string().min(1),
  })
  .strict();

/** A property whose value comes from a config item: the item's JSON at a JSONPath. */
export const configLookupSchema = z
  .object({
    /** The item; without it, the config item the component was looked up from. */
    config: configSelectorSchema.optional(),
    field: z.string().regex(/^\$/, 'field must be a JSONPath such as $.spec.replicas'),
  })
  .strict();

/** A property whose value comes from a check's latest result. */
export const checkLookupSchema = z
  .object({
    check: checkSelectorSchema,
    field: z.enum(['status', 'duration', 'message', 'time']).default('status'),
  })
  .strict();

export const propertySchema = z
  .object({
    name: z.string().min(1, 'a property needs a name'),
    label: z.string().optional(),
    type: z.string().optional(),
    text: z.string().optional(),
    value: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    unit: z.string().optional(),
    headline: z.boolean().optional(),
    icon: z.string().optional(),
    color: z.string().optional(),
    tooltip: z.string().optional(),
    order: z.number().int().optional(),
    namespace: z.string().optional(),
    links: z.array(linkSchema).optional(),
    configLookup: configLookupSchema.optional(),
    checkLookup: checkLookupSchema.optional(),
  })
  .strict();

export const logSelectorSchema = z
  .object({
    name: z.string().min(1, 'a log selector needs a name'),
    type: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export const lookupSchema = z.object({ configs: z.array(configSelectorSchema).min(1) }).strict();

/** What every component (and the topology's root and forEach templates) may declare. */
const componentFields = {
  title: z.string().optional(),
  text: z.string().optional(),
  tooltip: z.string().optional(),
  type: z.string().optional(),
  icon: z.string().optional(),
  namespace: z.string().optional(),
  owner: z.string().optional(),
  /** Team names; each becomes a team_components link. */
  teams: z.array(z.string().min(1)).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  hidden: z.boolean().optional(),
  external_id: z.string().optional(),
  properties: z.array(propertySchema).optional(),
  checks: z.array(componentCheckSchema).optional(),
  configs: z.array(configSelectorSchema).optional(),
  selectors: z.array(componentSelectorSchema).optional(),
  logs: z.array(logSelectorSchema).optional(),
  lookup: lookupSchema.optional(),
};

export type ComponentTemplate = z.infer<typeof componentFieldsSchema> & {
  name?: string;
  components?: ComponentSpec[];
  forEach?: ComponentTemplate;
};
export type ComponentSpec = ComponentTemplate & { name: string };

/** The fields shared by components, the root and templates (without children). */
export const componentFieldsSchema = z.object(componentFields).strict();

/** The template applied to each looked-up child (its name defaults to the item's name). */
export const forEachSchema: z.ZodType<ComponentTemplate> = z.lazy(() =>
  z
    .object({
      ...componentFields,
      name: z.string().optional(),
      components: z.array(componentSpecSchema).optional(),
      forEach: forEachSchema.optional(),
    })
    .strict(),
);

export const componentSpecSchema: z.ZodType<ComponentSpec> = z.lazy(() =>
  z
    .object({
      ...componentFields,
      name: z.string().min(1, 'a component needs a name'),
      components: z.array(componentSpecSchema).optional(),
      forEach: forEachSchema.optional(),
    })
    .strict(),
);

/** The `spec` of a topology: the root component's fields plus its schedule. */
export const topologySpecSchema = z
  .object({
    ...componentFields,
    schedule: scheduleSchema.optional(),
    /** Mission Control names the root's label text `label`; kept for imports. */
    label: z.string().optional(),
    components: z.array(componentSpecSchema).optional(),
    forEach: forEachSchema.optional(),
  })
  .strict();
export type TopologySpec = z.infer<typeof topologySpecSchema>;

/** The whole Kubernetes-style document (apiVersion, kind, metadata, spec). */
export const topologyResourceSchema = resourceDocumentSchema('Topology', topologySpecSchema).strict();

/** The JSON Schema of a topology's spec, for editors and /api/schemas/topology.schema.json. */
export function topologyJsonSchema(): Record<string, unknown> {
  return specJsonSchema(topologySpecSchema);
}

/** Health statuses a component can have, with the rank the Health sort uses. */
export const COMPONENT_STATUS_RANK: Record<string, number> = ownTable({
  info: 4,
  healthy: 3,
  warning: 2,
  unhealthy: 1,
});
