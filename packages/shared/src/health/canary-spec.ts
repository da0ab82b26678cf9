import { z } from 'zod';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { configSelectorSchema } from '../selectors.js';
import { durationTextSchema, MAX_DURATION_MS } from '../time/duration.js';
import { scheduleSchema } from '../time/schedule.js';

/**
 * The canary spec, with canary-checker's field names so existing canary YAML imports
 * unchanged. `canarySpecSchema` validates the `spec` of a canary; `canaryResourceSchema`
 * the whole Kubernetes-style document (apiVersion, kind, metadata, spec).
 */

/** A value given inline or by reference (`{value}`, `{valueFrom: {secretKeyRef|configMapKeyRef}}`). */
export const envVarSchema = z.union([
  z.string(),
  z
    .object({
      value: z.string().optional(),
      valueFrom: z
        .object({
          secretKeyRef: z.object({ name: z.string(), key: z.string() }).optional(),
          configMapKeyRef: z.object({ name: z.string(), key: z.string() }).optional(),
        })
        .loose()
        .optional(),
    })
    .loose(),
]);
export type EnvVarValue = z.infer<typeof envVarSchema>;

const namedEnvVar = z
  .object({
    name: z.string().min(1),
    value: z.string().optional(),
    valueFrom: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/**
 * canary-checker's expression forms for `test`, `display` and `transform`: CEL (`expr`), a Go
 * template (`template`) or JavaScript run in the sandbox (`javascript`). Exactly one is used.
 */
export const EXPRESSION_FORMS = ['expr', 'template', 'javascript'] as const;
export const checkExpressionSchema = z
  .object({
    expr: z.string().min(1, 'expr must not be empty').optional(),
    template: z.string().min(1, 'template must not be empty').optional(),
    javascript: z.string().min(1, 'javascript must not be empty').optional(),
    jsonPath: z.string().optional(),
  })
  .loose()
  .refine((e) => EXPRESSION_FORMS.filter((f) => e[f] !== undefined).length === 1, {
    message: 'give exactly one of expr, template or javascript',
  });
export type CheckExpression = z.infer<typeof checkExpressionSchema>;
const expression = checkExpressionSchema;

/** A Go duration ("500ms", "30s", "1h30m") or a number of milliseconds. */
export const durationSchema = z.union([
  z.number().nonnegative().max(MAX_DURATION_MS),
  durationTextSchema('a duration such as 500ms, 30s or 1h30m'),
]);

/** Fields every check has, whatever its type. */
export const commonCheckFields = {
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  namespace: z.string().optional(),
  severity: z.enum(['info', 'low', 'medium', 'high', 'critical']).optional(),
  thresholdMillis: z.number().int().nonnegative().optional(),
  /** Per-check time limit (Go duration or ms); the server default applies when absent. */
  timeout: durationSchema.optional(),
  test: expression.optional(),
  display: expression.optional(),
  transform: expression.optional(),
  /**
   * Config items the check is about (canary-checker's `relationships`): each selector's
   * matches are linked to the check, and re-resolved as the catalog changes.
   */
  relationships: z
    .object({ configs: z.array(configSelectorSchema).optional() })
    .loose()
    .optional(),
};

const url = z.string().min(1, 'url is required');
/**
 * A connection (`connection://namespace/name`, `connection://name` or its id) whose URL and
 * credentials fill the fields the check leaves out; an unknown one is refused at save.
 */
const connection = z.string().min(1, 'connection must not be empty');
const hostPort = z
  .string()
  .regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:/]+):\d{1,5}$/, 'endpoint must be host:port, for example db.local:5432');

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
    responseCodes: z.array(z.number().int().min(100).max(599)).optional(),
    responseContent: z.string().optional(),
    maxSSLExpiry: z.number().int().nonnegative().optional(),
    tlsConfig: z
      .object({ insecureSkipVerify: z.boolean().optional(), ca: z.string().optional() })
      .loose()
      .optional(),
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
export const mysqlCheckSchema = sqlCheck;

export const redisCheckSchema = z
  .object({
    ...commonCheckFields,
    addr: hostPort.optional(),
    /** redis://[user:password@]host:port[/db], as a connection stores it. */
    url: z
      .string()
      .regex(/^rediss?:\/\//, 'url must start with redis:// or rediss://')
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
} as const;

/** Types whose fields are validated but which have no runner here (see docs/health.md). */
export const ACCEPTED_CHECK_SCHEMAS = {
  mysql: mysqlCheckSchema,
  mongodb: mongodbCheckSchema,
} as const;

/** Other canary-checker types: accepted as free-form objects, stored, not run. */
export const PASSTHROUGH_CHECK_TYPES = [
  'awsConfigRule',
  'awsConfig',
  'github',
  'ec2',
  'ldap',
  'pod',
  'alertmanager',
  'cloudwatch',
  'gcs',
  's3',
  'smb',
  'sftp',
  'kubernetes',
  'sql',
  'mssql',
  'configDB',
  'azuredevops',
  'jmeter',
  'junit',
  'dynatrace',
  'namespace',
  'custom',
  'catalog',
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
export type CheckType =
  RunnableCheckType | keyof typeof ACCEPTED_CHECK_SCHEMAS | (typeof PASSTHROUGH_CHECK_TYPES)[number];

export const CHECK_TYPES: readonly CheckType[] = [
  ...(Object.keys(RUNNABLE_CHECK_SCHEMAS) as RunnableCheckType[]),
  ...(Object.keys(ACCEPTED_CHECK_SCHEMAS) as (keyof typeof ACCEPTED_CHECK_SCHEMAS)[]),
  ...PASSTHROUGH_CHECK_TYPES,
];

export function isRunnableCheckType(type: string): type is RunnableCheckType {
  return Object.hasOwn(RUNNABLE_CHECK_SCHEMAS, type);
}

const passthroughCheck = z.object({ ...commonCheckFields }).loose();

const checkLists = Object.fromEntries([
  ...Object.entries(RUNNABLE_CHECK_SCHEMAS).map(([t, s]) => [t, z.array(s).optional()]),
  ...Object.entries(ACCEPTED_CHECK_SCHEMAS).map(([t, s]) => [t, z.array(s).optional()]),
  ...PASSTHROUGH_CHECK_TYPES.map((t) => [t, z.array(passthroughCheck).optional()]),
]) as {
  [K in CheckType]: z.ZodOptional<z.ZodArray<z.ZodType<CheckSpecOf<K>>>>;
};

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
    ...checkLists,
  })
  .strict();
export type CanarySpec = z.infer<typeof canarySpecSchema>;

export const canaryResourceSchema = resourceDocumentSchema('Canary', canarySpecSchema).loose();

/** The common shape every check in a spec shares, as the server reads it. */
export type CommonCheckSpec = z.infer<typeof passthroughCheck>;

/** The JSON Schema the YAML editor validates canary specs against. */
export function canaryJsonSchema(): Record<string, unknown> {
  return specJsonSchema(canarySpecSchema);
}
