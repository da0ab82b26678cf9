import { z } from 'zod';
import { gcpConnectionSchema } from './object-storage.js';

/** `gcs`: lists `gcs://bucket/prefix` with the folder check's filter and counts. */
export const gcsCheckFields = {
  /** Optional when a Cloud Storage connection names the bucket. */
  path: z
    .string()
    .regex(/^gcs:\/\/[^/]+/, 'path must be gcs://bucket[/prefix]')
    .optional(),
  gcpConnection: gcpConnectionSchema.optional(),
  connection: z.string().optional(),
  recursive: z.boolean().optional(),
  minCount: z.number().int().nonnegative().optional(),
  maxCount: z.number().int().nonnegative().optional(),
  minAge: z.union([z.number(), z.string()]).optional(),
  maxAge: z.union([z.number(), z.string()]).optional(),
  minSize: z.union([z.number(), z.string()]).optional(),
  maxSize: z.union([z.number(), z.string()]).optional(),
  filter: z.record(z.string(), z.unknown()).optional(),
};
