import { z } from 'zod';
import { kubeConnectionFields, podProbeFields } from './kube-connection.js';

/** `namespace`: creates a namespace (and `podSpec` in it), waits for Active/Running, deletes it. */
export const namespaceCheckFields = {
  ...kubeConnectionFields,
  ...podProbeFields,
  checkName: z.string().optional(),
  namespaceNamePrefix: z.string().optional(),
  namespaceLabels: z.record(z.string(), z.string()).optional(),
  namespaceAnnotations: z.record(z.string(), z.string()).optional(),
  podSpec: z.string().optional(),
};
