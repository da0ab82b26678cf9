import { z } from 'zod';
import { envValueSchema } from './kube-connection.js';

/** canary-checker's awsConnection (duty's AWSConnection) as the s3 and folder checks take it. */
export const awsConnectionSchema = z
  .object({
    connection: z.string().optional(),
    accessKey: envValueSchema.optional(),
    secretKey: envValueSchema.optional(),
    sessionToken: envValueSchema.optional(),
    region: z.string().optional(),
    endpoint: z.string().optional(),
    usePathStyle: z.boolean().optional(),
    skipTLSVerify: z.boolean().optional(),
  })
  .loose();

/** canary-checker's gcpConnection: an endpoint (emulators) and service-account credentials JSON. */
export const gcpConnectionSchema = z
  .object({
    connection: z.string().optional(),
    endpoint: z.string().optional(),
    credentials: envValueSchema.optional(),
  })
  .loose();

/** The extra fields of a folder check whose path is `s3://bucket/prefix` or `gcs://bucket/prefix`. */
export const objectFolderFields = z
  .object({
    path: z
      .string()
      .regex(/^(s3|gcs):\/\/[^/]+/, 'path must be s3://bucket[/prefix] or gcs://bucket[/prefix]'),
    recursive: z.boolean().optional(),
    awsConnection: awsConnectionSchema.optional(),
    gcpConnection: gcpConnectionSchema.optional(),
  })
  .loose();
