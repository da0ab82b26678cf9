import { outboundGcsClient } from '../../net/outbound-gcs.js';
import type { HydratedConnection } from '../types.js';
import { untilAborted } from '../../lib/abort.js';
import type { ConnectionTester, TestContext } from './types.js';

/** The Cloud Storage client of a Google Cloud or GCS connection, as the gcs check fills it. */
function clientOf(conn: HydratedConnection, ctx: TestContext) {
  // Said in the form's words before the client builder says it in a check's.
  if (!conn.certificate && !conn.url)
    throw new Error(
      "the connection has no service account JSON (the server's own Google credentials are not used)",
    );
  if (conn.certificate) {
    try {
      JSON.parse(conn.certificate);
    } catch {
      throw new Error("the connection's service account JSON is not JSON");
    }
  }
  return outboundGcsClient(
    { endpoint: conn.url || undefined, credentials: conn.certificate || undefined },
    ctx.outbound,
  );
}

/** The HTTP status of a Google API error (`ApiError.code`), if it has one. */
function statusOf(e: unknown): number | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

function failed(what: string, e: unknown): Error {
  const status = statusOf(e);
  const text = e instanceof Error ? e.message : String(e);
  return new Error(`${what}: ${status ? `HTTP ${status} ` : ''}${text}`);
}

/** Google Cloud Storage: lists at most one object of the bucket, what the folder check reads. */
export const gcsTester: ConnectionTester = {
  types: ['gcs'],
  async test(conn, ctx) {
    const bucket = conn.properties.bucket?.trim();
    if (!bucket) throw new Error('the connection has no bucket');
    const storage = await clientOf(conn, ctx);
    const [files] = await untilAborted(
      storage.bucket(bucket).getFiles({ maxResults: 1, autoPaginate: false }),
      ctx.signal,
    ).catch((e: unknown) => {
      if (ctx.signal.aborted) throw e;
      throw failed(`listing gs://${bucket}`, e);
    });
    return { bucket, empty: files.length === 0 };
  },
};

/**
 * Google Cloud: the service account against Cloud Storage, Opsdeck's one Google client (a gcs
 * check may name a Google Cloud connection): one bucket of its project. A 403 still proves the
 * key (Google signs it in first), so it passes, saying the account may not list buckets.
 */
export const googleCloudTester: ConnectionTester = {
  types: ['google_cloud'],
  async test(conn, ctx) {
    const storage = await clientOf(conn, ctx);
    const project = storage.projectId;
    const listed = await untilAborted(
      storage.getBuckets({ maxResults: 1, autoPaginate: false }),
      ctx.signal,
    ).catch((e: unknown) => {
      if (statusOf(e) === 403) return undefined;
      if (ctx.signal.aborted) throw e;
      throw failed('listing buckets', e);
    });
    if (!listed) return { project, buckets: 'not permitted to list buckets (HTTP 403)' };
    return { project, buckets: listed[0].length };
  },
};
