import { z } from 'zod';
import { commonCheckFields, envVarSchema } from './base.js';

/** canary-checker's `dynatrace` check: open problems from the Problems API v2. */
export const dynatraceCheckSchema = z
  .object({
    ...commonCheckFields,
    /** The environment's host, e.g. abc12345.live.dynatrace.com (a port is allowed). */
    host: z.string().min(1, 'host is required').optional(),
    scheme: z.enum(['https', 'http']).optional(),
    apiKey: envVarSchema.optional(),
    connection: z.string().min(1, 'connection must not be empty').optional(),
  })
  .loose()
  .refine((c) => Boolean(c.host ?? c.connection), {
    message: 'host or connection is required',
    path: ['host'],
  });

export type DynatraceCheckSpec = z.infer<typeof dynatraceCheckSchema>;
