import { z } from 'zod';
import { envVarSchema } from '../health/canary-spec.js';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';

/**
 * The spec of a logging backend, with apm-hub's field names (CRD `LoggingBackend`,
 * `apm-hub.flanksource.com/v1`) so its YAML imports unchanged: a list of backends, each one of
 * file, kubernetes, elasticsearch, opensearch or cloudwatch, answering the log searches whose
 * type, id prefix or labels match one of its routes. `loki` is Opsdeck's own addition (apm-hub
 * has none): Loki's query_range API over HTTP.
 */

const labels = z.record(z.string(), z.string());

/** Which searches a backend answers: by component type, id prefix and labels. */
const routeSchema = z
  .object({
    type: z.string().optional(),
    idPrefix: z.string().optional(),
    labels: labels.optional(),
    additive: z.boolean().optional(),
  })
  .strict();

const common = { routes: z.array(routeSchema).optional(), labels: labels.optional() };

const fieldsSchema = z
  .object({
    timestamp: z.string().optional(),
    message: z.string().optional(),
    exclusions: z.array(z.string()).optional(),
  })
  .strict();

const fileBackend = z
  .object({ ...common, path: z.array(z.string().min(1)).min(1, 'at least one path glob is required') })
  .strict();

const kubernetesBackend = z
  .object({ ...common, kubeconfig: envVarSchema.optional(), namespace: z.string().optional() })
  .strict();

const elasticsearchBackend = z
  .object({
    ...common,
    address: z.string().optional(),
    cloudID: envVarSchema.optional(),
    apiKey: envVarSchema.optional(),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
    index: z.string().min(1),
    query: z.string().optional(),
    fields: fieldsSchema.optional(),
    namespace: z.string().optional(),
  })
  .strict();

const opensearchBackend = z
  .object({
    ...common,
    address: z.string().min(1),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
    index: z.string().min(1),
    query: z.string().optional(),
    fields: fieldsSchema.optional(),
  })
  .strict();

const cloudwatchBackend = z
  .object({
    ...common,
    auth: z
      .object({
        region: z.string().optional(),
        access_key: envVarSchema.optional(),
        secret_key: envVarSchema.optional(),
      })
      .strict()
      .optional(),
    log_group: z.string().min(1),
    query: z.string().optional(),
  })
  .strict();

const lokiBackend = z
  .object({
    ...common,
    /** Loki's base URL, e.g. http://loki:3100 (or from `connection`). */
    address: z.string().optional(),
    connection: z.string().optional(),
    /** The LogQL stream selector searched, e.g. `{app="nginx"}`; the search text is added as a line filter. */
    query: z.string().min(1, 'a LogQL stream selector is required, e.g. {app="nginx"}'),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
    /** Sent as X-Scope-OrgID for multi-tenant Loki. */
    tenant: z.string().optional(),
  })
  .strict();

export const LOGGING_BACKEND_KINDS = [
  'file',
  'kubernetes',
  'elasticsearch',
  'opensearch',
  'cloudwatch',
  'loki',
] as const;
export type LoggingBackendKind = (typeof LOGGING_BACKEND_KINDS)[number];

/** One backend: exactly one of its kinds. */
const backendSchema = z
  .object({
    file: fileBackend.optional(),
    kubernetes: kubernetesBackend.optional(),
    elasticsearch: elasticsearchBackend.optional(),
    opensearch: opensearchBackend.optional(),
    cloudwatch: cloudwatchBackend.optional(),
    loki: lokiBackend.optional(),
  })
  .strict()
  .refine((b) => LOGGING_BACKEND_KINDS.filter((k) => b[k] !== undefined).length === 1, {
    message: `each backend is exactly one of ${LOGGING_BACKEND_KINDS.join(', ')}`,
  });

export const loggingBackendSpecSchema = z
  .object({ backends: z.array(backendSchema).min(1, 'at least one backend is required') })
  .strict();
export type LoggingBackendSpec = z.infer<typeof loggingBackendSpecSchema>;
export type LoggingBackendEntry = LoggingBackendSpec['backends'][number];
export type LoggingRoute = z.infer<typeof routeSchema>;
export type FileLogBackend = z.infer<typeof fileBackend>;
export type KubernetesLogBackend = z.infer<typeof kubernetesBackend>;
export type ElasticsearchLogBackend = z.infer<typeof elasticsearchBackend>;
export type OpensearchLogBackend = z.infer<typeof opensearchBackend>;
export type LokiLogBackend = z.infer<typeof lokiBackend>;

/** The whole Kubernetes-style document (apiVersion, kind, metadata, spec). */
export const loggingBackendResourceSchema = resourceDocumentSchema(
  'LoggingBackend',
  loggingBackendSpecSchema,
).strict();

/** The JSON Schema of a logging backend's spec, for /api/schemas/logging-backend.schema.json. */
export function loggingBackendJsonSchema(): Record<string, unknown> {
  return specJsonSchema(loggingBackendSpecSchema);
}
