import { z } from 'zod';

/** Selectors shared by specs: topologies select config items, and so do checks' relationships. */

/** "k=v,k2!=v2,k3,!k4": equality, inequality, presence and absence of labels. */
export const labelSelectorSchema = z
  .string()
  .refine(
    (s) => s.split(',').every((p) => /^\s*!?[^=!\s,]+\s*((!=|==|=)\s*[^,]*)?$/.test(p) || p.trim() === ''),
    {
      message: 'a label selector is "key=value" pairs separated by commas (also key!=value, key, !key)',
    },
  );

/** Selects config items by id, type, name (* wildcards), namespace, labels and tags. */
export const configSelectorSchema = z
  .object({
    id: z.string().optional(),
    types: z.array(z.string().min(1)).optional(),
    /** Mission Control's older single-type form. */
    type: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    labelSelector: labelSelectorSchema.optional(),
    tagSelector: labelSelectorSchema.optional(),
    /** canary-checker's older form of tagSelector: every tag given must match exactly. */
    tags: z.record(z.string(), z.string()).optional(),
  })
  .strict();
