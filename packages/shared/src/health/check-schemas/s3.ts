import { z } from 'zod';
import { envValueSchema } from './kube-connection.js';

/** The older `bucket: {name, region, endpoint}` or a bucket name. */
const bucket = z.union([
  z.string().min(1),
  z
    .object({
      name: z.string().min(1, 'bucket.name is required'),
      region: z.string().optional(),
      endpoint: z.string().optional(),
    })
    .loose(),
]);

/** `s3`: puts, gets, lists and deletes `objectPath` in the bucket. */
export const s3CheckFields = {
  bucketName: z.string().min(1).optional(),
  bucket: bucket.optional(),
  objectPath: z.string().min(1).optional(),
  region: z.string().optional(),
  endpoint: z.string().optional(),
  accessKey: envValueSchema.optional(),
  secretKey: envValueSchema.optional(),
  sessionToken: envValueSchema.optional(),
  usePathStyle: z.boolean().optional(),
  skipTLSVerify: z.boolean().optional(),
  storageClass: z.string().optional(),
  connection: z.string().optional(),
};

/** A bucket must be named, by `bucketName` or `bucket`. */
export const hasS3Bucket = (c: { bucketName?: string; bucket?: unknown }) =>
  Boolean(c.bucketName ?? c.bucket);
export const s3BucketRequired = { message: 'bucketName (or bucket) is required', path: ['bucketName'] };
