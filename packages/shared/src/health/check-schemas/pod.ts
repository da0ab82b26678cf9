import { z } from 'zod';
import { kubeConnectionFields, podProbeFields } from './kube-connection.js';

/** `pod`: creates the pod `spec` (YAML), waits for it to be scheduled and running, deletes it. */
export const podCheckFields = {
  ...kubeConnectionFields,
  ...podProbeFields,
  spec: z.string().min(1, 'spec is required (the pod manifest as YAML)'),
  ingressClass: z.string().optional(),
  roundRobinNodes: z.boolean().optional(),
};
