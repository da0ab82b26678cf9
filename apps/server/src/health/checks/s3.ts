import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { loadAwsS3 } from '../../lib/packages.js';
import { s3Client, sdkError } from './object-store.js';
import { suffix } from './kube-lifecycle.js';
import { type CheckRunner, fail, pass } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.s3;
type S3Spec = z.infer<typeof schema>;

/** The bucket name, region and endpoint from `bucketName` or `bucket` (a name or {name, region, endpoint}). */
function bucketOf(s: S3Spec) {
  const b = typeof s.bucket === 'object' ? s.bucket : undefined;
  return {
    name: s.bucketName ?? (typeof s.bucket === 'string' ? s.bucket : b?.name),
    region: s.region ?? b?.region,
    endpoint: s.endpoint ?? b?.endpoint,
  };
}

/**
 * s3: round-trips an object: PutObject at `objectPath` (default `opsdeck-canary/<random>`),
 * GetObject and compare, ListObjectsV2 finds it, DeleteObject. Each step's failure names the step.
 */
export const s3Runner: CheckRunner<S3Spec> = {
  type: 's3',
  schema,
  endpoint: (s) => {
    const b = bucketOf(s);
    return `${b.endpoint ? `${b.endpoint.replace(/\/$/, '')}/` : 's3://'}${b.name ?? ''}`;
  },
  async run(spec, ctx) {
    const b = bucketOf(spec);
    if (!b.name) return fail('bucketName (or bucket.name) is required');
    const client = await s3Client({ ...spec, region: b.region, endpoint: b.endpoint }, ctx);
    const sdk = await loadAwsS3();
    const key = spec.objectPath ?? `opsdeck-canary/${suffix()}`;
    const body = `opsdeck canary ${new Date().toISOString()} ${suffix()}`;
    const opts = { abortSignal: ctx.signal };
    const timings: Record<string, number> = {};
    let step = 'PutObject';
    const timed = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
      step = name;
      const started = performance.now();
      const out = await f();
      timings[name] = Math.round(performance.now() - started);
      return out;
    };
    try {
      await timed('PutObject', () =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket: b.name,
            Key: key,
            Body: body,
            ...(spec.storageClass ? { StorageClass: spec.storageClass as never } : {}),
          }),
          opts,
        ),
      );
      const got = await timed('GetObject', async () => {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: b.name, Key: key }), opts);
        return (await res.Body?.transformToString()) ?? '';
      });
      const data = { bucket: b.name, objectPath: key, timings };
      if (got !== body)
        return fail(`GetObject returned different content than PutObject wrote (${got.length} bytes)`, data);
      const listed = await timed('ListObjectsV2', () =>
        client.send(new sdk.ListObjectsV2Command({ Bucket: b.name, Prefix: key }), opts),
      );
      if (!(listed.Contents ?? []).some((o) => o.Key === key))
        return fail(`ListObjectsV2 does not list ${key}`, data);
      await timed('DeleteObject', () =>
        client.send(new sdk.DeleteObjectCommand({ Bucket: b.name, Key: key }), opts),
      );
      return pass(`put, get, list and delete of ${key} in ${b.name}`, data);
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      return fail(`${step} ${b.name}/${key}: ${sdkError(e)}`, { bucket: b.name, objectPath: key, timings });
    } finally {
      client.destroy();
    }
  },
};
