import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Stored = { body: Buffer; modified: Date };

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A loopback S3-compatible server, path-style (`/bucket/key`): ListBuckets, ListObjectsV2,
 * PutObject, GetObject, DeleteObject and HeadBucket over an in-memory store. Any SigV4 signature
 * is accepted, but a request without an Authorization header is refused (403), as S3 would;
 * with `accessKey`, one signed with another access key id is refused as AWS refuses an unknown
 * one (InvalidAccessKeyId). `denyListBuckets` answers ListBuckets AccessDenied (keys that may
 * not list buckets). `objects` seeds a bucket; `requests` records what the SDK asked.
 */
export async function startS3Server(
  buckets: Record<string, Record<string, { size?: number; modified?: Date }>> = {},
  opts: { accessKey?: string; denyListBuckets?: boolean } = {},
) {
  const store = new Map<string, Map<string, Stored>>();
  for (const [b, objects] of Object.entries(buckets)) {
    store.set(
      b,
      new Map(
        Object.entries(objects).map(([k, o]) => [
          k,
          { body: Buffer.alloc(o.size ?? 0, 'x'), modified: o.modified ?? new Date() },
        ]),
      ),
    );
  }
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const error = (status: number, code: string, message: string) =>
      res
        .writeHead(status, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const authorization = String(req.headers.authorization ?? '');
      if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) return error(403, 'AccessDenied', 'Access Denied');
      const keyId = /Credential=([^/]+)\//.exec(authorization)?.[1];
      if (opts.accessKey && keyId !== opts.accessKey)
        return error(
          403,
          'InvalidAccessKeyId',
          'The AWS Access Key Id you provided does not exist in our records.',
        );
      const [, bucketName = '', ...keyParts] = url.pathname.split('/');
      if (!bucketName && req.method === 'GET') {
        if (opts.denyListBuckets) return error(403, 'AccessDenied', 'Access Denied');
        const names = [...store.keys()].sort();
        return res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListAllMyBucketsResult><Owner><ID>1</ID><DisplayName>tester</DisplayName></Owner><Buckets>${names.map((n) => `<Bucket><Name>${xml(n)}</Name><CreationDate>2026-01-01T00:00:00.000Z</CreationDate></Bucket>`).join('')}</Buckets></ListAllMyBucketsResult>`,
          );
      }
      const key = decodeURIComponent(keyParts.join('/'));
      const bucket = store.get(bucketName);
      if (!bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key && req.method === 'HEAD') return res.writeHead(200).end();
      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const delimiter = url.searchParams.get('delimiter');
        const keys = [...bucket.keys()]
          .filter((k) => k.startsWith(prefix) && (!delimiter || !k.slice(prefix.length).includes(delimiter)))
          .sort();
        const contents = keys
          .map((k) => {
            const o = bucket.get(k) as Stored;
            return `<Contents><Key>${xml(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        return res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucketName}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
          );
      }
      if (req.method === 'PUT' && key) {
        bucket.set(key, { body: Buffer.concat(chunks), modified: new Date() });
        return res.writeHead(200, { etag: '"x"' }).end();
      }
      const o = bucket.get(key);
      if (req.method === 'GET' && key) {
        if (!o) return error(404, 'NoSuchKey', 'The specified key does not exist.');
        return res
          .writeHead(200, { 'content-length': o.body.length, 'last-modified': o.modified.toUTCString() })
          .end(o.body);
      }
      if (req.method === 'DELETE' && key) {
        bucket.delete(key);
        return res.writeHead(204).end();
      }
      error(400, 'InvalidRequest', `unsupported ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    store,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A loopback Cloud Storage JSON API, listing only: the objects of a bucket
 * (`GET /storage/v1/b/{bucket}/o?prefix=`) and the buckets (`GET /storage/v1/b?project=`).
 */
export async function startGcsServer(
  buckets: Record<string, Record<string, { size?: number; modified?: Date }>>,
) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/storage/v1/b')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          kind: 'storage#buckets',
          items: Object.keys(buckets).map((name) => ({ kind: 'storage#bucket', id: name, name })),
        }),
      );
    const m = /^\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    const objects = m ? buckets[decodeURIComponent(m[1] ?? '')] : undefined;
    if (!objects)
      return res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 404, message: 'The specified bucket does not exist.' } }));
    const prefix = url.searchParams.get('prefix') ?? '';
    const items = Object.entries(objects)
      .filter(([k]) => k.startsWith(prefix))
      .map(([name, o]) => ({
        kind: 'storage#object',
        name,
        bucket: m?.[1],
        size: String(o.size ?? 0),
        updated: (o.modified ?? new Date()).toISOString(),
      }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ kind: 'storage#objects', items }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
