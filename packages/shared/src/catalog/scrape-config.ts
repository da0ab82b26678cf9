import { z } from 'zod';
import { DURATION_PATTERN, durationTextSchema, isDuration } from '../time/duration.js';
import { scheduleSchema } from '../time/schedule.js';

/**
 * The scraper spec, with config-db's field names so that existing ScrapeConfig specs import
 * unchanged. Entries are loose objects: fields this server does not use are kept, not refused.
 * `id`, `name`, `type`, `class`, `status`, `health`, `description` and label/tag values are
 * JSONPath expressions when they start with `$`, literals otherwise.
 */
const duration = durationTextSchema('must be a duration such as 30s, 5m, 1h or 7d');
const stringMap = z.record(z.string(), z.string());
const text = z.string().min(1);

/** The one schedule schema, under the name the catalog's write hook knows it by. */
export const scrapeScheduleSchema = scheduleSchema;

/** A relationship selector field: a literal `value`, a CEL `expr`, or a `label` of the item. */
const lookupSchema = z.union([
  z.string(),
  z.looseObject({ value: z.string().optional(), expr: z.string().optional(), label: z.string().optional() }),
]);

/** config-db's relationship config: `filter` (CEL) picks items, selectors (or `expr`) pick targets. */
const relationshipSchema = z.looseObject({
  filter: z.string().optional(),
  expr: z.string().optional(),
  parent: z.boolean().optional(),
  id: lookupSchema.optional(),
  external_id: lookupSchema.optional(),
  name: lookupSchema.optional(),
  namespace: lookupSchema.optional(),
  type: lookupSchema.optional(),
  agent: lookupSchema.optional(),
  scope: lookupSchema.optional(),
  labels: z.record(z.string(), z.string()).optional(),
});

/** The script transforms; config-db runs at most one of them on each scraped document. */
export const TRANSFORM_SCRIPTS = ['gotemplate', 'expr', 'javascript', 'jsonpath'] as const;

/**
 * config-db's `transform`, applied in its order: the script (on the whole document), then per
 * item `exclude`, `relationship` and `mask`. A strict object: a misspelt key would silently do
 * nothing, so it is refused when the spec is saved.
 */
const transformSchema = z
  .strictObject({
    gotemplate: text.optional().describe('Go template over {{ .config }} whose output is JSON items'),
    expr: text.optional().describe('CEL over `config` returning items (or their JSON text)'),
    javascript: text
      .optional()
      .describe('JavaScript over `config` (QuickJS sandbox, 64 MiB, 2 s) returning items or their JSON text'),
    jsonpath: text.optional().describe('JSONPath over {config} selecting the items'),
    /** Fields removed from the stored config (and from change detection). */
    exclude: z
      .array(z.looseObject({ jsonpath: text, types: z.array(text).optional() }))
      .optional()
      .describe('JSONPath expressions of fields to drop'),
    /** Fields whose value is replaced before storing (secrets). */
    mask: z
      .array(
        z.looseObject({
          selector: z.string().optional().describe('CEL over the item (config, config_type, name…)'),
          jsonpath: text,
          value: z.string().optional().describe('md5sum, sha256, or the text to put in place'),
          types: z.array(text).optional(),
        }),
      )
      .optional(),
    relationship: z.array(relationshipSchema).optional(),
    changes: z.looseObject({}).optional().describe('accepted; change mapping is not run by this server'),
    locations: z.array(z.unknown()).optional().describe('accepted; not run by this server'),
    aliases: z.array(z.unknown()).optional().describe('accepted; not run by this server'),
  })
  .refine((t) => TRANSFORM_SCRIPTS.filter((k) => t[k] !== undefined).length <= 1, {
    message: `use one of ${TRANSFORM_SCRIPTS.join(', ')}, not several`,
  });

const costSchema = z.looseObject({
  perMinute: text.optional(),
  total1d: text.optional(),
  total7d: text.optional(),
  total30d: text.optional(),
});

export const baseScraperFields = {
  id: text.optional().describe('JSONPath of the external id, for example $.metadata.uid'),
  name: text.optional().describe('JSONPath or literal name'),
  type: text.optional().describe('JSONPath or literal type, for example Kubernetes::Pod'),
  class: text.optional().describe('JSONPath or literal class, for example $.kind'),
  items: text.optional().describe('JSONPath selecting many items from one document, for example $.items[*]'),
  format: z.enum(['json', 'yaml', 'ndjson', 'properties']).optional(),
  icon: z.string().optional(),
  labels: stringMap.optional(),
  tags: stringMap.optional(),
  status: text.optional(),
  health: text.optional(),
  description: text.optional(),
  parent: text.optional().describe('JSONPath of the external id of the parent item'),
  createFields: z.array(text).optional(),
  deleteFields: z.array(text).optional(),
  cost: costSchema.optional().describe('Opsdeck extension: JSONPaths of cost figures'),
  transform: transformSchema.optional(),
};

const baseScraperSchema = z.looseObject(baseScraperFields);

export const fileScraperSchema = z.looseObject({
  ...baseScraperFields,
  paths: z.array(text).min(1, 'needs at least one path or glob'),
  ignore: z.array(text).optional(),
  url: text
    .optional()
    .describe('A git repository (file:///path/repo, ?ref=branch|tag|commit); paths are globs inside it'),
  connection: text.optional().describe('connection://namespace/name whose URL is the git repository'),
});

const headerList = z.array(z.looseObject({ name: text, value: z.string() }));

export const httpScraperSchema = z
  .looseObject({
    ...baseScraperFields,
    url: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
      .optional(),
    type: text,
    id: text,
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
    headers: z.union([stringMap, headerList]).optional(),
    body: z.string().optional(),
    connection: text
      .optional()
      .describe('connection://namespace/name: its URL (when url is not set) and credentials are used'),
    username: z.string().optional(),
    password: z.string().optional(),
  })
  .refine((e) => Boolean(e.url ?? e.connection), { message: 'url or connection is required', path: ['url'] });

export const sqlScraperSchema = z.looseObject({
  ...baseScraperFields,
  connection: text.describe('postgres://user:password@host:port/db, or connection://namespace/name'),
  driver: z.enum(['postgres', 'mysql', 'sqlserver']).optional(),
  query: text,
  type: text,
  id: text,
});

const kubeconfigSchema = z.union([text, z.looseObject({ value: text })]);

export const kubernetesScraperSchema = z.looseObject({
  ...baseScraperFields,
  clusterName: text,
  kubeconfig: kubeconfigSchema
    .optional()
    .describe('Inline kubeconfig YAML, {value}, or a file path inside the file roots'),
  inCluster: z
    .boolean()
    .optional()
    .describe(
      "Opsdeck extension: use the server's own credentials (in-cluster service account or KUBECONFIG)",
    ),
  namespace: z.string().optional(),
  exclusions: z
    .looseObject({
      name: z.array(text).optional(),
      namespace: z.array(text).optional(),
      kind: z.array(text).optional(),
      labels: stringMap.optional(),
    })
    .optional(),
  event: z
    .looseObject({
      exclusions: z
        .union([
          z.array(text),
          z.looseObject({
            name: z.array(text).optional(),
            namespace: z.array(text).optional(),
            reason: z.array(text).optional(),
          }),
        ])
        .optional()
        .describe(
          'Event reasons to drop, or (config-db) {name, namespace, reason} of the involved object; * is a wildcard',
        ),
    })
    .optional(),
  maxInflight: z.number().int().min(1).optional(),
});

export const pushScraperSchema = baseScraperSchema;

const changeRetention = z.looseObject({
  name: text,
  age: duration.optional(),
  count: z.number().int().min(0).optional(),
});
const typeRetention = z.looseObject({
  name: text,
  createdAge: duration.optional(),
  updatedAge: duration.optional(),
  deletedAge: duration.optional(),
});

export const retentionSchema = z.looseObject({
  changes: z.array(changeRetention).optional(),
  types: z.array(typeRetention).optional(),
  staleItemAge: z
    .string()
    .refine(
      (s) => s === 'keep' || (DURATION_PATTERN.test(s) && isDuration(s)),
      'must be a duration such as 30s, 5m, 1h or 7d, or keep',
    )
    .optional()
    .describe('Items not seen for this long are marked deleted (default 30m); keep: never'),
});

/** Kinds this server scrapes itself. */
export const IMPLEMENTED_SCRAPER_KINDS = ['file', 'http', 'sql', 'kubernetes', 'push'] as const;
/** Kinds accepted in a spec (config-db compatible) but run elsewhere, see docs/catalog.md. */
export const ACCEPTED_SCRAPER_KINDS = [
  'azure',
  'aws',
  'kubernetesFile',
  'trivy',
  'githubActions',
  'azureDevops',
  'custom',
] as const;
export const SCRAPER_KINDS = [...IMPLEMENTED_SCRAPER_KINDS, ...ACCEPTED_SCRAPER_KINDS] as const;
export type ScraperKind = (typeof SCRAPER_KINDS)[number];

const acceptedEntry = z.array(z.looseObject(baseScraperFields));
/** Accepted kinds whose fields doc 3 §5 requires: GitHub Actions owner and repository, Azure a connection. */
const githubActionsEntry = z.array(z.looseObject({ ...baseScraperFields, owner: text, repository: text }));
const azureEntry = z.array(z.looseObject({ ...baseScraperFields, connection: text }));

export const scrapeConfigSpecSchema = z
  .looseObject({
    schedule: scrapeScheduleSchema.optional(),
    retention: retentionSchema.optional(),
    file: z.array(fileScraperSchema).optional(),
    http: z.array(httpScraperSchema).optional(),
    sql: z.array(sqlScraperSchema).optional(),
    kubernetes: z.array(kubernetesScraperSchema).optional(),
    push: z.array(pushScraperSchema).optional(),
    azure: azureEntry.optional(),
    aws: acceptedEntry.optional(),
    kubernetesFile: acceptedEntry.optional(),
    trivy: acceptedEntry.optional(),
    githubActions: githubActionsEntry.optional(),
    azureDevops: acceptedEntry.optional(),
    custom: acceptedEntry.optional(),
  })
  .refine((spec) => SCRAPER_KINDS.some((k) => (spec[k]?.length ?? 0) > 0), {
    message: `needs at least one scraper: ${SCRAPER_KINDS.join(', ')}`,
  });

export type BaseScraperSpec = z.infer<typeof baseScraperSchema>;
export type FileScraperSpec = z.infer<typeof fileScraperSchema>;
export type HttpScraperSpec = z.infer<typeof httpScraperSchema>;
export type SqlScraperSpec = z.infer<typeof sqlScraperSchema>;
export type KubernetesScraperSpec = z.infer<typeof kubernetesScraperSchema>;
export type PushScraperSpec = z.infer<typeof pushScraperSchema>;
export type RetentionSpec = z.infer<typeof retentionSchema>;
export type ScrapeConfigSpec = z.infer<typeof scrapeConfigSpecSchema>;

/** A config_scrapers row as written through the data API (the fields the server checks). */
export const configScraperRowSchema = z.looseObject({
  name: text.optional(),
  schedule: scrapeScheduleSchema.nullish(),
  spec: scrapeConfigSpecSchema,
});

/** "file.0.paths: needs at least one path or glob; …" — one line a person can act on. */
export function describeSpecIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
}
