import { z } from 'zod';
import { commonCheckFields } from './base.js';

/** canary-checker's `alertmanager` check: firing alerts from Alertmanager's v2 API. */
export const alertmanagerCheckSchema = z
  .object({
    ...commonCheckFields,
    url: z.string().min(1, 'url is required').optional(),
    connection: z.string().min(1, 'connection must not be empty').optional(),
    /** Alert names (regular expressions) that count; all alerts when absent. */
    alerts: z.array(z.string().min(1)).optional(),
    /** Alert names (regular expressions) that never count. */
    ignore: z.array(z.string().min(1)).optional(),
    /** label → regular expression the label must match. */
    filters: z.record(z.string(), z.string()).optional(),
    /** label → value the label must not have. */
    exclude_filters: z.record(z.string(), z.string()).optional(),
  })
  .loose()
  .refine((c) => Boolean(c.url ?? c.connection), {
    message: 'url or connection is required',
    path: ['url'],
  });

export type AlertmanagerCheckSpec = z.infer<typeof alertmanagerCheckSchema>;
