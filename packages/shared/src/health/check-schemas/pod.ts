import { z } from 'zod';
import { kubeConnectionFields, millis } from './kube-connection.js';

/** `pod`: creates the pod `spec` (YAML), waits for it to be scheduled and running, deletes it. */
export const podCheckFields = {
  ...kubeConnectionFields,
  spec: z.string().min(1, 'spec is required (the pod manifest as YAML)'),
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
  ingressClass: z.string().optional(),
  expectedContent: z.string().optional(),
  expectedHttpStatuses: z.array(z.number().int()).optional(),
  priorityClass: z.string().optional(),
  roundRobinNodes: z.boolean().optional(),
};
