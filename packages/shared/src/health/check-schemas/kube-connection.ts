import { z } from 'zod';

/**
 * Field shapes only (no common check fields): canary-spec.ts imports these files and adds
 * the common fields itself, so nothing here imports canary-spec.ts (no import cycle).
 */

/** A value inline or by reference, as canary-checker's EnvVar. */
export const envValueSchema = z.union([
  z.string(),
  z.object({ value: z.string().optional(), valueFrom: z.record(z.string(), z.unknown()).optional() }).loose(),
]);

/** Which cluster: an inline kubeconfig (text or `{value}`), a file inside the file roots, or the server's own. */
export const kubeConnectionFields = {
  kubeconfig: envValueSchema.optional(),
  inCluster: z.boolean().optional(),
  /** A Kubernetes connection (`connection://…`) whose kubeconfig is used. */
  connection: z.string().min(1, 'connection must not be empty').optional(),
};

/** A millisecond count (canary-checker's pod and namespace timeouts). */
const millis = z.number().int().nonnegative().max(3_600_000);

/**
 * What canary-checker's pod and namespace checks share: their timeouts, in milliseconds, and
 * the HTTP probe of the pod they create.
 */
export const podProbeFields = {
  scheduleTimeout: millis.optional(),
  readyTimeout: millis.optional(),
  deleteTimeout: millis.optional(),
  httpTimeout: millis.optional(),
  ingressTimeout: millis.optional(),
  httpRetryInterval: millis.optional(),
  deadline: millis.optional(),
  port: z.number().int().min(1).max(65535).optional(),
  path: z.string().optional(),
  ingressName: z.string().optional(),
  ingressHost: z.string().optional(),
  expectedContent: z.string().optional(),
  expectedHttpStatuses: z.array(z.number().int()).optional(),
  priorityClass: z.string().optional(),
};
