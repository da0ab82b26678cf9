import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadAwsS3 } from '../lib/packages.js';
import { type OutboundCall, type OutboundPolicy, resolveOutbound } from './outbound.js';

/** Where and how to reach an S3-compatible service, its keys already resolved. */
export type S3Options = {
  region?: string | undefined;
  endpoint?: string | undefined;
  usePathStyle?: boolean | undefined;
  skipTLSVerify?: boolean | undefined;
  accessKey?: string | undefined;
  secretKey?: string | undefined;
  sessionToken?: string | undefined;
};

/**
 * A socket lookup that answers only with addresses the outbound policy allows: every connection
 * the SDK opens (to the endpoint, or to AWS's own hosts) is checked at connect time.
 */
function policyLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveOutbound(hostname, policy).then(
      (addrs) => {
        if (options.all)
          return callback(
            null,
            addrs.map((a) => ({ address: a.address, family: a.family })),
          );
        const first = addrs[0];
        if (!first) return callback(new Error(`${hostname} did not resolve`), '', 4);
        callback(null, first.address, first.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
    );
  };
}

/** Checks an SDK endpoint's host against the policy now, so a refused one fails with the policy's reason. */
export async function checkSdkEndpoint(endpoint: string | undefined, policy: OutboundPolicy): Promise<void> {
  if (!endpoint) return;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`endpoint ${endpoint} is not a URL (http://host:port or https://host)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`endpoint ${endpoint}: unsupported scheme ${url.protocol}`);
  await resolveOutbound(url.hostname, policy);
}

/**
 * The one S3 client builder (s3 and folder checks, Test Connection). Keys are required: the
 * server's own AWS credentials (environment, instance role) are never used for a user's target.
 */
export async function outboundS3Client(
  t: S3Options,
  ctx: Pick<OutboundCall, 'outbound' | 'timeoutMs'>,
): Promise<S3Client> {
  const { accessKey: accessKeyId, secretKey: secretAccessKey, sessionToken } = t;
  if (!accessKeyId || !secretAccessKey)
    throw new Error("accessKey and secretKey are required (the server's own AWS credentials are not used)");
  await checkSdkEndpoint(t.endpoint, ctx.outbound);
  const lookup = policyLookup(ctx.outbound);
  // Loaded on first use: the SDK is large and most servers never check a bucket.
  const { S3Client: Client } = await loadAwsS3();
  return new Client({
    region: t.region || 'us-east-1',
    ...(t.endpoint ? { endpoint: t.endpoint } : {}),
    forcePathStyle: t.usePathStyle ?? Boolean(t.endpoint),
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    maxAttempts: 1,
    requestHandler: {
      httpAgent: new http.Agent({ lookup }),
      httpsAgent: new https.Agent({ lookup, rejectUnauthorized: !t.skipTLSVerify }),
      connectionTimeout: ctx.timeoutMs,
      requestTimeout: ctx.timeoutMs,
    },
  });
}

/** What an AWS SDK error says, as one line (`NoSuchBucket: The specified bucket does not exist`). */
export function sdkError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const meta = (e as { $metadata?: { httpStatusCode?: number } }).$metadata;
  const code = (e as NodeJS.ErrnoException).code;
  const name = e.name && e.name !== 'Error' ? e.name : code;
  const status = meta?.httpStatusCode ? ` (HTTP ${meta.httpStatusCode})` : '';
  const text = e.message && e.message !== name ? e.message : '';
  return `${name ?? 'error'}${status}${text ? `: ${text}` : ''}`;
}
