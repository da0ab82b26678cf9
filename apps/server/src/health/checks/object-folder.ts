import { objectFolderFields } from '@opsdeck/shared';
import { loadAwsS3 } from '../../lib/packages.js';
import { fileFilter, folderTests, folderVerdict, type FileFilter, type ListedFile } from './file-listing.js';
import { gcsClient, s3Client, sdkError, type GcsTarget, type S3Target } from './object-store.js';
import { untilAborted } from '../../lib/abort.js';
import { fail, type RunContext, type RunOutcome } from './types.js';

/** Objects listed at most per check (a bucket may hold millions). */
const MAX_OBJECTS = 10_000;

/** `s3://bucket/some/prefix` → bucket and prefix. */
export function splitBucketUrl(raw: string): { scheme: 's3' | 'gcs'; bucket: string; prefix: string } {
  const m = /^(s3|gcs):\/\/([^/]+)\/?(.*)$/.exec(raw);
  if (!m) throw new Error(`path must be s3://bucket[/prefix] or gcs://bucket[/prefix], not ${raw}`);
  return { scheme: m[1] as 's3' | 'gcs', bucket: m[2] ?? '', prefix: m[3] ?? '' };
}

export async function listS3(
  target: S3Target,
  bucket: string,
  prefix: string,
  recursive: boolean,
  ctx: RunContext,
) {
  const client = await s3Client(target, ctx);
  const { ListObjectsV2Command } = await loadAwsS3();
  try {
    const files: ListedFile[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(recursive ? {} : { Delimiter: '/' }),
          ...(token ? { ContinuationToken: token } : {}),
        }),
        { abortSignal: ctx.signal },
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) files.push({ name: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && files.length < MAX_OBJECTS);
    return files;
  } finally {
    client.destroy();
  }
}

export async function listGcs(
  target: GcsTarget,
  bucket: string,
  prefix: string,
  recursive: boolean,
  ctx: RunContext,
) {
  const storage = await gcsClient(target, ctx);
  const [found] = await untilAborted(
    storage.bucket(bucket).getFiles({
      ...(prefix ? { prefix } : {}),
      ...(recursive ? {} : { delimiter: '/' }),
      autoPaginate: true,
      maxResults: MAX_OBJECTS,
    }),
    ctx.signal,
  );
  return found.map((f) => ({
    name: f.name,
    size: Number(f.metadata.size ?? 0),
    modified: new Date(String(f.metadata.updated ?? f.metadata.timeCreated ?? 0)),
  }));
}

/**
 * A folder check over a bucket: `s3://bucket/prefix` with `awsConnection`, `gcs://bucket/prefix`
 * with `gcpConnection`; every object under the prefix (one level only with `recursive: false`),
 * then the local folder check's filter and tests.
 */
export async function listObjectFolder(
  spec: Record<string, unknown> & { filter?: FileFilter },
  ctx: RunContext,
): Promise<RunOutcome> {
  const parsed = objectFolderFields.safeParse(spec);
  if (!parsed.success)
    return fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const s = parsed.data;
  const { scheme, bucket, prefix } = splitBucketUrl(s.path);
  const recursive = s.recursive !== false;
  let files: ListedFile[];
  try {
    files =
      scheme === 's3'
        ? await listS3(s.awsConnection ?? {}, bucket, prefix, recursive, ctx)
        : await listGcs(s.gcpConnection ?? {}, bucket, prefix, recursive, ctx);
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    return fail(`listing ${s.path}: ${sdkError(e)}`);
  }
  return folderVerdict(files.filter(fileFilter(spec.filter)), folderTests(spec), 'objects');
}
