import { z } from 'zod';
import { kubeConnectionFields } from './kube-connection.js';

/** name (globs with `*`, comma-separated), labelSelector and fieldSelector as the API server takes them. */
export const kubeResourceSelectorSchema = z
  .object({
    name: z.string().optional(),
    labelSelector: z.string().optional(),
    fieldSelector: z.string().optional(),
  })
  .loose();

/** `kubernetes`: objects of a kind matching the selectors; `ready`/`healthy` require it of each. */
export const kubernetesCheckFields = {
  ...kubeConnectionFields,
  kind: z.string().min(1, 'kind is required'),
  apiVersion: z.string().optional(),
  namespaceSelector: kubeResourceSelectorSchema.optional(),
  resource: kubeResourceSelectorSchema.optional(),
  ignore: z.array(z.string()).optional(),
  ready: z.boolean().optional(),
  healthy: z.boolean().optional(),
};
