import { z } from 'zod';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { scheduleSchema } from '../time/schedule.js';
import { commonCheckFields, durationSchema, envVarSchema } from './check-schemas/base.js';
import { ldapCheckSchema } from './check-schemas/ldap.js';
import {
  sftpCheckSchema,
  sftpConnectionSchema,
  smbCheckSchema,
  smbConnectionSchema,
} from './check-schemas/remote-folder.js';
import { sqlCheckSchema } from './check-schemas/sql.js';
import { gcsCheckFields } from './check-schemas/gcs.js';
import { kubernetesResourceCheckFields } from './check-schemas/kubernetes-resource.js';
import { kubernetesCheckFields } from './check-schemas/kubernetes.js';
import { namespaceCheckFields } from './check-schemas/namespace.js';
import { podCheckFields } from './check-schemas/pod.js';
import { hasS3Bucket, s3BucketRequired, s3CheckFields } from './check-schemas/s3.js';
import { CHECK_TYPE_ALIASES, LATER_PASSTHROUGH_TYPES } from './check-schemas/aliases.js';
import { awsSigV4Schema, oauth2Schema, tlsConfigSchema } from './check-schemas/http-auth.js';
import { alertmanagerCheckSchema } from './check-schemas/alertmanager.js';
import { catalogCheckSchema } from './check-schemas/catalog.js';
import { configDbCheckSchema } from './check-schemas/config-db.js';
import { dynatraceCheckSchema } from './check-schemas/dynatrace.js';
import { githubCheckSchema } from './check-schemas/github.js';
import { junitCheckSchema } from './check-schemas/junit.js';
import { failureThresholdSchema, locatedProblems, locationsSchema } from './locations.js';

/**
 * The canary spec, with canary-checker's field names so existing canary YAML imports
 * unchanged. `canarySpecSchema` validates the `spec` of a canary; `canaryResourceSchema`
 * the whole Kubernetes-style document (apiVersion, kind, metadata, spec).
 */

// The pieces every check is built from live in check-schemas/base.ts; offered from here too.
export {
  checkExpressionSchema,
  commonCheckFields,
  durationSchema,
  envVarSchema,
  EXPRESSION_FORMS,
  type CheckExpression,
  type EnvVarValue,
} from './check-schemas/base.js';

const namedEnvVar = z
  .object({
    name: z.string().min(1),
    value: z.string().optional(),
    valueFrom: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

const url = z.string().min(1, 'url is required');
/**
 * A connection (`connection://namespace/name`, `connection://name` or its id) whose URL and
 * credentials fill the fields the check leaves out; an unknown one is refused at save.
 */
const connection = z.string().min(1, 'connection must not be empty');
const hostPort = z
  .string()
  .regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:/]+):\d{1,5}$/, 'endpoint must be host:port, for example db.local:5432');

/** The response codes the http check form offers (doc 3 §9); any other code can still be typed. */
export const HTTP_RESPONSE_CODE_OPTIONS = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;

export const httpCheckSchema = z
  .object({
    ...commonCheckFields,
    url: url.optional(),
    /** Older canary-checker name for url. */
    endpoint: z.string().optional(),
    connection: connection.optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).optional(),
    headers: z.array(namedEnvVar).optional(),
    body: z.string().optional(),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
    /** Bearer token (Mission Control's HTTP connection field). */
    bearer: envVarSchema.optional(),
    /** HTTP digest authentication with username/password (401 challenge, then the digest). */
    digest: z.boolean().optional(),
    /** NTLM v1/v2: accepted, refused at run time (not supported by this server). */
    ntlm: z.boolean().optional(),
    ntlmv2: z.boolean().optional(),
    oauth2: oauth2Schema.optional(),
    awsSigV4: awsSigV4Schema.optional(),
    /** Values for `$(.env.NAME)` / `$(NAME)` templates in url, headers and (templateBody) body. */
    env: z.array(namedEnvVar).optional(),
    templateBody: z.boolean().optional(),
    responseCodes: z
      .array(
        z
          .number()
          .int()
          .min(100)
          .max(599)
          .meta({ examples: [...HTTP_RESPONSE_CODE_OPTIONS] }),
      )
      .optional(),
    responseContent: z.string().optional(),
    maxSSLExpiry: z.number().int().nonnegative().optional(),
    tlsConfig: tlsConfigSchema.optional(),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.endpoint ?? c.connection), {
    message: 'url or connection is required',
    path: ['url'],
  });

export const tcpCheckSchema = z.object({ ...commonCheckFields, endpoint: hostPort }).loose();

export const DNS_QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'] as const;
export const dnsCheckSchema = z
  .object({
    ...commonCheckFields,
    server: z.string().optional(),
    port: z.number().int().min(1).max(65535).optional(),
    query: z.string().min(1, 'query is required'),
    querytype: z.enum(DNS_QUERY_TYPES).optional(),
    minrecords: z.number().int().nonnegative().optional(),
    exactreply: z.array(z.string()).optional(),
  })
  .loose();

export const icmpCheckSchema = z
  .object({
    ...commonCheckFields,
    endpoint: z.string().min(1, 'endpoint is required'),
    packetCount: z.number().int().min(1).max(100).optional(),
    packetLossThreshold: z.number().min(0).max(100).optional(),
  })
  .loose();

export const execCheckSchema = z
  .object({
    ...commonCheckFields,
    script: z.string().min(1, 'script is required'),
    env: z.array(namedEnvVar).optional(),
  })
  .loose();

const sqlCheck = z
  .object({
    ...commonCheckFields,
    url: z.string().optional(),
    connection: z.string().optional(),
    query: z.string().optional(),
    results: z.number().int().nonnegative().optional(),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.connection), { message: 'url or connection is required', path: ['url'] });
export const postgresCheckSchema = sqlCheck;
export const mysqlCheckSchema = sqlCheckSchema;

export const redisCheckSchema = z
  .object({
    ...commonCheckFields,
    addr: hostPort.optional(),
    /**
     * redis://[user:password@]host:port[/db], as a connection stores it, or canary-checker's
     * plain `host:port` (its `url` is "Redis hostname and port").
     */
    url: z
      .string()
      .regex(
        /^(rediss?:\/\/|(\[[0-9a-fA-F:.]+\]|[^\s:/]+):\d{1,5}$)/,
        'url must be host:port or start with redis:// or rediss://',
      )
      .optional(),
    connection: connection.optional(),
    db: z.number().int().nonnegative().optional(),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
  })
  .loose()
  .refine((c) => Boolean(c.addr ?? c.url ?? c.connection), {
    message: 'addr, url or connection is required',
    path: ['addr'],
  });

export const folderCheckSchema = z
  .object({
    ...commonCheckFields,
    path: z.string().min(1, 'path is required'),
    minCount: z.number().int().nonnegative().optional(),
    maxCount: z.number().int().nonnegative().optional(),
    filter: z
      .object({
        minAge: durationSchema.optional(),
        maxAge: durationSchema.optional(),
        minSize: z.union([z.number(), z.string()]).optional(),
        maxSize: z.union([z.number(), z.string()]).optional(),
        regex: z.string().optional(),
      })
      .loose()
      .optional(),
    sftpConnection: sftpConnectionSchema.optional(),
    smbConnection: smbConnectionSchema.optional(),
  })
  .loose();

export const prometheusCheckSchema = z
  .object({
    ...commonCheckFields,
    url: url.optional(),
    connection: connection.optional(),
    query: z.string().min(1, 'query is required'),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.connection), { message: 'url or connection is required', path: ['url'] });

export const elasticsearchCheckSchema = z
  .object({
    ...commonCheckFields,
    url: url.optional(),
    connection: connection.optional(),
    index: z.string().min(1, 'index is required'),
    query: z.string().optional(),
    results: z.number().int().nonnegative().optional(),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.connection), { message: 'url or connection is required', path: ['url'] });

export const mongodbCheckSchema = z
  .object({ ...commonCheckFields, url: z.string().optional(), connection: connection.optional() })
  .loose();

/** Types this server runs, with their schemas. */
export const RUNNABLE_CHECK_SCHEMAS = {
  http: httpCheckSchema,
  tcp: tcpCheckSchema,
  dns: dnsCheckSchema,
  icmp: icmpCheckSchema,
  exec: execCheckSchema,
  postgres: postgresCheckSchema,
  redis: redisCheckSchema,
  folder: folderCheckSchema,
  prometheus: prometheusCheckSchema,
  elasticsearch: elasticsearchCheckSchema,
  opensearch: elasticsearchCheckSchema,
  mysql: mysqlCheckSchema,
  sql: sqlCheckSchema,
  ldap: ldapCheckSchema,
  sftp: sftpCheckSchema,
  smb: smbCheckSchema,
  kubernetes: z.object({ ...commonCheckFields, ...kubernetesCheckFields }).loose(),
  pod: z.object({ ...commonCheckFields, ...podCheckFields }).loose(),
  namespace: z.object({ ...commonCheckFields, ...namespaceCheckFields }).loose(),
  kubernetesResource: z.object({ ...commonCheckFields, ...kubernetesResourceCheckFields }).loose(),
  s3: z
    .object({ ...commonCheckFields, ...s3CheckFields })
    .loose()
    .refine(hasS3Bucket, s3BucketRequired),
  gcs: z.object({ ...commonCheckFields, ...gcsCheckFields }).loose(),
  alertmanager: alertmanagerCheckSchema,
  junit: junitCheckSchema,
  catalog: catalogCheckSchema,
  configDB: configDbCheckSchema,
  github: githubCheckSchema,
  dynatrace: dynatraceCheckSchema,
} as const;

/** Types whose fields are validated but which have no runner here (see docs/health.md). */
export const ACCEPTED_CHECK_SCHEMAS = {
  mssql: sqlCheckSchema,
  mongodb: mongodbCheckSchema,
} as const;

/** Other canary-checker types: accepted as free-form objects, stored, not run. */
export const PASSTHROUGH_CHECK_TYPES = [
  'awsConfigRule',
  'awsConfig',
  'ec2',
  'cloudwatch',
  'jmeter',
  'custom',
  'webhook',
  'helm',
  'restic',
  'docker',
  'dockerPush',
  'containerd',
  'containerdPush',
  'databaseBackup',
] as const;

export type RunnableCheckType = keyof typeof RUNNABLE_CHECK_SCHEMAS;
type PassthroughType = (typeof PASSTHROUGH_CHECK_TYPES)[number] | (typeof LATER_PASSTHROUGH_TYPES)[number];
export type CheckType = RunnableCheckType | keyof typeof ACCEPTED_CHECK_SCHEMAS | PassthroughType;

const schemaTypes = new Set<string>([
  ...Object.keys(RUNNABLE_CHECK_SCHEMAS),
  ...Object.keys(ACCEPTED_CHECK_SCHEMAS),
]);
/** Passthrough types that have no schema of their own (a type given a runner leaves this list). */
const passthroughTypes = [
  ...new Set<PassthroughType>([...PASSTHROUGH_CHECK_TYPES, ...LATER_PASSTHROUGH_TYPES]),
].filter((t) => !schemaTypes.has(t));

export const CHECK_TYPES: readonly CheckType[] = [
  ...(Object.keys(RUNNABLE_CHECK_SCHEMAS) as RunnableCheckType[]),
  ...(Object.keys(ACCEPTED_CHECK_SCHEMAS) as (keyof typeof ACCEPTED_CHECK_SCHEMAS)[]),
  ...passthroughTypes,
];

/** The canonical type of a spec key: itself, or the type an alias stands for. */
export function canonicalCheckType(key: string): CheckType | undefined {
  if (Object.hasOwn(CHECK_TYPE_ALIASES, key))
    return CHECK_TYPE_ALIASES[key as keyof typeof CHECK_TYPE_ALIASES];
  return (CHECK_TYPES as readonly string[]).includes(key) ? (key as CheckType) : undefined;
}
export { CHECK_TYPE_ALIASES };

export function isRunnableCheckType(type: string): type is RunnableCheckType {
  return Object.hasOwn(RUNNABLE_CHECK_SCHEMAS, type);
}

const passthroughCheck = z.object({ ...commonCheckFields }).loose();

const checkLists = Object.fromEntries([
  ...Object.entries(RUNNABLE_CHECK_SCHEMAS).map(([t, s]) => [t, z.array(s).optional()]),
  ...Object.entries(ACCEPTED_CHECK_SCHEMAS).map(([t, s]) => [t, z.array(s).optional()]),
  ...passthroughTypes.map((t) => [t, z.array(passthroughCheck).optional()]),
]) as {
  [K in CheckType]: z.ZodOptional<z.ZodArray<z.ZodType<CheckSpecOf<K>>>>;
};

const webhookCheck = z.object({ ...commonCheckFields, token: envVarSchema.optional() }).loose();

/** Alias keys (`alertManager`, `mongo`, `azuredevops`) validate like the type they stand for. */
const aliasLists = Object.fromEntries(
  Object.entries(CHECK_TYPE_ALIASES).map(([alias, type]) => [
    alias,
    (checkLists as Record<string, z.ZodType>)[type] ?? z.array(passthroughCheck).optional(),
  ]),
) as { [K in keyof typeof CHECK_TYPE_ALIASES]: z.ZodOptional<z.ZodArray<z.ZodType<CommonCheckSpec>>> };

type CheckSpecOf<K extends CheckType> = K extends RunnableCheckType
  ? z.infer<(typeof RUNNABLE_CHECK_SCHEMAS)[K]>
  : K extends keyof typeof ACCEPTED_CHECK_SCHEMAS
    ? z.infer<(typeof ACCEPTED_CHECK_SCHEMAS)[K]>
    : z.infer<typeof passthroughCheck>;

export const canarySpecSchema = z
  .object({
    schedule: scheduleSchema.optional(),
    /** canary-checker's older form: seconds between runs. */
    interval: z.number().int().positive().optional(),
    owner: z.string().optional(),
    severity: z.string().optional(),
    replicas: z.number().int().nonnegative().optional(),
    resultMode: z.string().optional(),
    env: z.record(z.string(), z.unknown()).optional(),
    /** canary-checker's canary-level fields, stored as given (not used by this server's scheduler). */
    icon: z.string().optional(),
    retries: z.object({}).loose().optional(),
    agentSelector: z.array(z.string()).optional(),
    /** Where the checks run and how many must fail together (docs/health.md, "Locations and quorum"). */
    locations: locationsSchema.optional(),
    failureThreshold: failureThresholdSchema.optional(),
    ...checkLists,
    ...aliasLists,
    /** canary-checker's webhook is one object; a list is accepted too. */
    webhook: z.union([webhookCheck, z.array(webhookCheck)]).optional(),
  })
  .strict()
  .superRefine((spec, ctx) => {
    for (const p of locatedProblems(spec))
      ctx.addIssue({
        code: 'custom',
        path: p.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
        message: p.message,
      });
  });
export type CanarySpec = z.infer<typeof canarySpecSchema>;

export const canaryResourceSchema = resourceDocumentSchema('Canary', canarySpecSchema).loose();

/** The common shape every check in a spec shares, as the server reads it. */
export type CommonCheckSpec = z.infer<typeof passthroughCheck>;

/** The JSON Schema the YAML editor validates canary specs against. */
export function canaryJsonSchema(): Record<string, unknown> {
  return specJsonSchema(canarySpecSchema);
}
