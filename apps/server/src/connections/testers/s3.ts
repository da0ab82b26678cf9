import { loadAwsS3 } from '../../lib/packages.js';
import { outboundS3Client, sdkError, type S3Options } from '../../net/outbound-s3.js';
import type { HydratedConnection } from '../types.js';
import { untilAborted } from '../../lib/abort.js';
import type { ConnectionTester, TestContext } from './types.js';

/** The S3 client of an AWS or AWS S3 connection, as the s3 check fills it from the connection. */
async function clientOf(conn: HydratedConnection, ctx: TestContext) {
  if (!conn.username || !conn.password)
    throw new Error(
      "the connection has no Access Key and Secret Key (the server's own AWS credentials are not used)",
    );
  const options: S3Options = {
    region: conn.properties.region || undefined,
    endpoint: conn.url || undefined,
    skipTLSVerify: conn.insecureTls,
    accessKey: conn.username,
    secretKey: conn.password,
  };
  return { client: await outboundS3Client(options, ctx), region: options.region || 'us-east-1' };
}

/** An SDK call bounded by the test's signal, its failure as one line naming the call. */
async function send<T>(what: string, call: () => Promise<T>, ctx: TestContext): Promise<T> {
  try {
    return await untilAborted(call(), ctx.signal);
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    throw new Error(`${what}: ${sdkError(e)}`);
  }
}

/** AWS S3: lists at most one object of the bucket (ListObjectsV2), what the folder check reads. */
export const s3Tester: ConnectionTester = {
  types: ['s3'],
  async test(conn, ctx) {
    const bucket = conn.properties.bucket?.trim();
    if (!bucket) throw new Error('the connection has no bucket');
    const { client, region } = await clientOf(conn, ctx);
    try {
      const { ListObjectsV2Command } = await loadAwsS3();
      const page = await send(
        `ListObjectsV2 ${bucket}`,
        () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }), { abortSignal: ctx.signal }),
        ctx,
      );
      return { bucket, region, empty: (page.KeyCount ?? page.Contents?.length ?? 0) === 0 };
    } finally {
      client.destroy();
    }
  },
};

/**
 * AWS: the keys against S3, Opsdeck's one AWS client (an s3 check may name an AWS connection):
 * ListBuckets, one bucket. `AccessDenied` still proves the keys — AWS checks the signature
 * before the permission — so it passes, saying the keys may not list buckets.
 */
export const awsTester: ConnectionTester = {
  types: ['aws'],
  async test(conn, ctx) {
    const { client, region } = await clientOf(conn, ctx);
    try {
      const { ListBucketsCommand } = await loadAwsS3();
      const answer = await untilAborted(
        client.send(new ListBucketsCommand({ MaxBuckets: 1 }), { abortSignal: ctx.signal }),
        ctx.signal,
      ).catch((e: unknown) => {
        if (e instanceof Error && e.name === 'AccessDenied') return undefined;
        if (ctx.signal.aborted) throw e;
        throw new Error(`ListBuckets: ${sdkError(e)}`);
      });
      if (!answer)
        return { region, keys: 'accepted', buckets: 'not permitted to list buckets (AccessDenied)' };
      return {
        region,
        keys: 'accepted',
        ...(answer.Owner?.DisplayName ? { owner: answer.Owner.DisplayName } : {}),
      };
    } finally {
      client.destroy();
    }
  },
};
