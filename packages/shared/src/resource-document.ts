import { z } from 'zod';

/** `metadata` of a Kubernetes-style document; fields other than these are kept. */
const metadataSchema = z
  .object({
    name: z.string().min(1),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
  })
  .loose();

/** A Kubernetes-style document of one kind: apiVersion, kind, metadata and its spec. */
export function resourceDocumentSchema<K extends string, S extends z.ZodType>(kind: K, spec: S) {
  return z.object({
    apiVersion: z.string().optional(),
    kind: z.literal(kind),
    metadata: metadataSchema,
    spec,
  });
}

/** The JSON Schema a YAML editor validates a spec against. */
export function specJsonSchema(spec: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(spec, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
