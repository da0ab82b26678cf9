import { z } from 'zod';
import { kubeConnectionFields, millis } from './kube-connection.js';

/** `namespace`: creates a namespace (and `podSpec` in it), waits for Active/Running, deletes it. */
export const namespaceCheckFields = {
  ...kubeConnectionFields,
  checkName: z.string().optional(),
  namespaceNamePrefix: z.string().optional(),
  namespaceLabels: z.record(z.string(), z.string()).optional(),
  namespaceAnnotations: z.record(z.string(), z.string()).optional(),
  podSpec: z.string().optional(),
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
