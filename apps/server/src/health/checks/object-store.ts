import type { S3Client } from '@aws-sdk/client-s3';
import type { Storage } from '@google-cloud/storage';
import { outboundGcsClient } from '../../net/outbound-gcs.js';
import { outboundS3Client } from '../../net/outbound-s3.js';
import type { RunContext } from './types.js';
import { resolveValue } from './values.js';

export { sdkError } from '../../net/outbound-s3.js';

type Value = Parameters<typeof resolveValue>[0];

/** Where and how to reach an S3-compatible service (awsConnection, or the s3 check's own fields). */
export type S3Target = {
  region?: string;
  endpoint?: string;
  usePathStyle?: boolean;
  skipTLSVerify?: boolean;
  accessKey?: Value;
  secretKey?: Value;
  sessionToken?: Value;
};

/** A check's S3 client: its values resolved, then net/outbound-s3.ts (the one S3 client builder). */
export function s3Client(t: S3Target, ctx: RunContext): Promise<S3Client> {
  return outboundS3Client(
    {
      ...t,
      accessKey: resolveValue(t.accessKey),
      secretKey: resolveValue(t.secretKey),
      sessionToken: resolveValue(t.sessionToken),
    },
    ctx,
  );
}

/** Where and how to reach Cloud Storage (gcpConnection). */
export type GcsTarget = { endpoint?: string; credentials?: Value };

/** A check's Cloud Storage client: net/outbound-gcs.ts with the credentials resolved. */
export function gcsClient(t: GcsTarget, ctx: RunContext): Promise<Storage> {
  return outboundGcsClient({ endpoint: t.endpoint, credentials: resolveValue(t.credentials) }, ctx.outbound);
}
