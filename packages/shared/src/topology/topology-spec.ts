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

/**
 * An inline canary spec (canary-checker's `checks[].inline`, `lookup`): kept as given here
 * and validated by the health area's canary parser when the topology is saved.
 */
export const inlineCanarySchema = z.record(z.string(), z.unknown());

/**
 * A check link: `selector` links existing checks; `inline` is a canary the topology owns
 * (created and kept in line on every build), whose checks are linked to the component.
 */
export const componentCheckSchema = z
  .object({ selector: checkSelectorSchema.optional(), inline: inlineCanarySchema.optional() })
  .strict()
  .refine((c) => c.selector || c.inline, 'a check link needs a selector or an inline canary');

/** canary-checker's `canarySelector`: label selectors of checks, or inline canaries (one or a list). */
export const canarySelectorSchema = z
  .object({
    name: z.string().optional(),
    namespace: z.string().optional(),
    labelSelector: labelSelectorSchema.optional(),
    types: z.array(z.string()).optional(),
    inline: z.union([inlineCanarySchema, z.array(inlineCanarySchema)]).optional(),
  })
  .strict();

/** How a lookup's result becomes components or properties: CEL, Go template or JavaScript. */
export const displaySchema = z
  .object({ expr: z.string().optional(), template: z.string().optional(), javascript: z.string().optional() })
  .strict();

/** `parentLookup`: move the component under another component of the topology. */
export const parentLookupSchema = z
  .object({
    name: z.string().optional(),
    namespace: z.string().optional(),
    type: z.string().optional(),
    externalID: z.string().optional(),
  })
  .strict();

/** `id` of canary-checker: a template for the external id. */
export const idTemplateSchema = displaySchema;

/** `groupBy`: one synthetic parent per value of a catalog tag. */
export const groupBySchema = z
  .object({ tag: z.string().min(1, 'groupBy needs a tag'), selector: configSelectorSchema.optional() })
  .strict();

/** Selects components (related components) by name, type and labels. */
/**
 * Related components: canary-checker's ResourceSelector object. Applied: id, name (`*`
 * wildcards, comma-separated alternatives), namespace, types (or type), statuses, health
 * (comma-separated, `!` negates), labelSelector, fieldSelector (owner, topology_id, parent_id,
 * type, namespace, name), scope (a topology id) and agent (local, all or an agent id).
 * cache, search, limit, includeDeleted and tagSelector are kept, not applied (docs/topology.md).
 */
export const componentSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    types: z.array(z.string()).optional(),
    type: z.string().optional(),
    statuses: z.array(z.string()).optional(),
    health: z.string().optional(),
    labelSelector: labelSelectorSchema.optional(),
    fieldSelector: labelSelectorSchema.optional(),
    tagSelector: labelSelectorSchema.optional(),
    scope: z.string().optional(),
    agent: z.string().optional(),
    cache: z.string().optional(),
    search: z.string().optional(),
    limit: z.number().int().nonnegative().optional(),
    includeDeleted: z.boolean().optional(),
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
    field: z.string().regex(/^\$/, 'field must be a JSONPath such as $.spec.replicas').optional(),
    /** canary-checker: the id of another property of this component whose config to use. */
    id: z.string().optional(),
    /** canary-checker: the value from the item (`config`), by expression. */
    display: displaySchema.optional(),
  })
  .strict()
  .refine((c) => c.field || c.display, 'configLookup needs a field or a display');

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
    /** A canary-style lookup whose result is this property's value, or properties to merge. */
    lookup: z.lazy(() => lookupSchema).optional(),
    hidden: z.boolean().optional(),
    status: z.string().optional(),
    lastTransition: z.string().optional(),
    summary: displaySchema.optional(),
  })
  .strict();

export const logSelectorSchema = z
  .object({
    name: z.string().min(1, 'a log selector needs a name'),
    type: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/** One lookup entry of a canary-style lookup: a check spec plus the `display` that shapes it. */
const lookupEntrySchema = z
  .object({ name: z.string().optional(), display: displaySchema.optional() })
  .passthrough();

/** canary-checker's `catalog` lookup: config items by selector. */
const catalogLookupSchema = z
  .object({
    name: z.string().optional(),
    display: displaySchema.optional(),
    test: z.unknown().optional(),
    selector: z.array(configSelectorSchema).min(1, 'a catalog lookup needs a selector'),
  })
  .strict();

/** Check types a lookup may run on this server (the rest are refused by name when saved). */
export const LOOKUP_RUNNABLE = ['http', 'catalog', 'kubernetes', 'exec'] as const;
/** Check types canary-checker allows in a lookup that are accepted here but not run. */
export const LOOKUP_ACCEPTED = [
  'prometheus',
  'postgres',
  'mysql',
  'mssql',
  'redis',
  'mongodb',
  'elasticsearch',
  'opensearch',
  'dns',
  'tcp',
  'icmp',
  'github',
  'folder',
  'junit',
  'alertmanager',
  'dynatrace',
  'cloudwatch',
  'awsConfig',
  'azureDevops',
  'namespace',
  'pod',
  'kubernetesResource',
  's3',
  'gcs',
  'ldap',
  'restic',
  'helm',
  'jmeter',
  'containerd',
  'docker',
] as const;

/**
 * Where looked-up components come from: `configs` (this server's own: one child per config
 * item, shaped by `forEach`) or canary-checker's check types (`http`, `catalog`,
 * `kubernetes`, `exec`, …) whose results `display` turns into components.
 */
export const lookupSchema = z
  .object({
    configs: z.array(configSelectorSchema).min(1).optional(),
    catalog: z.array(catalogLookupSchema).optional(),
    ...Object.fromEntries(
      [...LOOKUP_RUNNABLE.filter((t) => t !== 'catalog'), ...LOOKUP_ACCEPTED].map((t) => [
        t,
        z.array(lookupEntrySchema).optional(),
      ]),
    ),
    /** canary-checker accepts a lookup-wide display and kubeconfig; kept for imports. */
    display: displaySchema.optional(),
    kubeconfig: z.unknown().optional(),
    schedule: z.string().optional(),
    env: z.unknown().optional(),
  })
  .strict();
export type LookupSpec = {
  configs?: z.infer<typeof configSelectorSchema>[];
  catalog?: z.infer<typeof catalogLookupSchema>[];
  display?: z.infer<typeof displaySchema>;
  kubeconfig?: unknown;
  [type: string]: unknown;
};

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
  /** canary-checker spells it externalID. */
  externalID: z.string().optional(),
  id: idTemplateSchema.optional(),
  order: z.number().int().optional(),
  lifecycle: z.string().optional(),
  relationships: z
    .array(z.object({ type: z.string().optional(), ref: z.string().optional() }).strict())
    .optional(),
  parentLookup: parentLookupSchema.optional(),
  canarySelector: z.array(canarySelectorSchema).optional(),
  /** CEL over `summary` (healthy, unhealthy, warning, unknown counts of the children). */
  statusExpr: z.string().optional(),
  healthExpr: z.string().optional(),
  /** A status given by a lookup's display (`status`, `status_reason`). */
  status: z.string().optional(),
  status_reason: z.string().optional(),
  health: z.string().optional(),
  summary: z.record(z.string(), z.unknown()).optional(),
  configID: z.string().optional(),
};

export type ComponentTemplate = z.infer<typeof componentFieldsSchema> & {
  name?: string;
  components?: ComponentSpec[];
  forEach?: ComponentTemplate;
};
/** A component as written: nameless ones are named by their lookup or their position. */
export type ComponentSpec = ComponentTemplate;

/** The fields shared by components, the root and templates (without children). */
export const componentFieldsSchema = z.object(componentFields).strict();

/**
 * The template applied to each looked-up child (its name defaults to the item's name).
 * A component with a lookup needs no name: the lookup names its children.
 */
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
      name: z.string().optional(),
      components: z.array(componentSpecSchema).optional(),
      forEach: forEachSchema.optional(),
    })
    .strict()
    .superRefine((c, ctx) => {
      // canary-checker: a lookup names the components it finds; selectors-only groups are named by position.
      if (!c.name && !c.lookup && !c.selectors?.length && !c.canarySelector?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: 'a component needs a name (or a lookup that names it)',
        });
    }),
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
    groupBy: groupBySchema.optional(),
    /** canary-checker's push to another instance: accepted, not run (agents push instead). */
    push: z.record(z.string(), z.unknown()).optional(),
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
