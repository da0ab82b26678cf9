import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Storage } from '@google-cloud/storage';
import { type OutboundPolicy, resolveOutbound } from '../../net/outbound.js';
import type { RunContext } from './types.js';
import { resolveValue } from './values.js';

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

/** Checks the endpoint's host against the policy now, so a refused one fails with the policy's reason. */
async function checkEndpoint(endpoint: string | undefined, ctx: RunContext): Promise<void> {
  if (!endpoint) return;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`endpoint ${endpoint} is not a URL (http://host:port or https://host)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`endpoint ${endpoint}: unsupported scheme ${url.protocol}`);
  await resolveOutbound(url.hostname, ctx.outbound);
}

/**
 * An S3 client for the target. Keys are required: the server's own AWS credentials (environment,
 * instance role) are never used for a user's check.
 */
export async function s3Client(t: S3Target, ctx: RunContext): Promise<S3Client> {
  const accessKeyId = resolveValue(t.accessKey);
  const secretAccessKey = resolveValue(t.secretKey);
  if (!accessKeyId || !secretAccessKey)
    throw new Error("accessKey and secretKey are required (the server's own AWS credentials are not used)");
  await checkEndpoint(t.endpoint, ctx);
  const lookup = policyLookup(ctx.outbound);
  // Loaded on first use: the SDK is large and most servers never check a bucket.
  const { S3Client: Client } = await import('@aws-sdk/client-s3');
  const sessionToken = resolveValue(t.sessionToken);
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

/** Where and how to reach Cloud Storage (gcpConnection). */
export type GcsTarget = { endpoint?: string; credentials?: Value };

/**
 * A Cloud Storage client. The endpoint's host is checked against the outbound policy first; the
 * SDK opens its own connections afterwards (its transport takes no lookup), see docs/health.md.
 * Credentials are a service-account JSON; with a custom endpoint and none, requests are unauthenticated.
 */
export async function gcsClient(t: GcsTarget, ctx: RunContext): Promise<Storage> {
  await checkEndpoint(t.endpoint ?? 'https://storage.googleapis.com', ctx);
  const raw = resolveValue(t.credentials);
  let credentials: Record<string, unknown> | undefined;
  if (raw) {
    try {
      credentials = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw new Error('gcpConnection.credentials must be a service-account key (JSON)');
    }
  } else if (!t.endpoint) {
    throw new Error(
      "gcpConnection.credentials is required (the server's own Google credentials are not used)",
    );
  }
  const { Storage: Client } = await import('@google-cloud/storage');
  return new Client({
    ...(t.endpoint ? { apiEndpoint: t.endpoint, useAuthWithCustomEndpoint: Boolean(credentials) } : {}),
    ...(credentials
      ? { credentials, projectId: String(credentials.project_id ?? '') || undefined }
      : { projectId: 'opsdeck-check' }),
    retryOptions: { autoRetry: false },
  });
}
