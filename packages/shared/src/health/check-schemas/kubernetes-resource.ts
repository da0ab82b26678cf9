import { z } from 'zod';
import { kubeConnectionFields } from './kube-connection.js';

const durationText = z.union([z.number().nonnegative(), z.string().min(1)]);

/** A Kubernetes manifest: apiVersion, kind and metadata.name are needed to create and delete it. */
const manifest = z
  .object({
    apiVersion: z.string().min(1, 'apiVersion is required'),
    kind: z.string().min(1, 'kind is required'),
    metadata: z
      .object({ name: z.string().min(1, 'metadata.name is required'), namespace: z.string().optional() })
      .loose(),
  })
  .loose();

/** `kubernetesResource`: creates `staticResources` and `resources`, waits for readiness, runs `checks`, deletes. */
export const kubernetesResourceCheckFields = {
  ...kubeConnectionFields,
  staticResources: z.array(manifest).optional(),
  resources: z.array(manifest).min(1, 'resources must list at least one manifest'),
  /** Nested checks by type (`- http: [...]`); only http runs here. */
  checks: z.array(z.record(z.string(), z.unknown())).optional(),
  checkRetries: z
    .object({
      delay: durationText.optional(),
      interval: durationText.optional(),
      timeout: durationText.optional(),
    })
    .loose()
    .optional(),
  clearResources: z.boolean().optional(),
  waitFor: z
    .object({
      expr: z.string().optional(),
      disable: z.boolean().optional(),
      delete: z.boolean().optional(),
      timeout: durationText.optional(),
      interval: durationText.optional(),
    })
    .loose()
    .optional(),
};
