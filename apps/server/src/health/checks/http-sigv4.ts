import crypto from 'node:crypto';

export type SigV4Credentials = { accessKey: string; secretKey: string; sessionToken?: string | undefined };

const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalPath(url: URL, service: string): string {
  const path = url.pathname || '/';
  // S3 signs the path as sent; every other service signs it encoded once more.
  if (service === 's3') return path;
  return path
    .split('/')
    .map((segment) => rfc3986(segment))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * Headers that sign a request with AWS Signature Version 4 (authorization, x-amz-date,
 * x-amz-content-sha256 and, with a session token, x-amz-security-token). The given headers
 * and the host are signed.
 */
export function sigV4Headers(
  req: { method: string; url: URL; headers: Record<string, string>; body?: string | undefined },
  opts: { service: string; region: string; credentials: SigV4Credentials; now?: Date },
): Record<string, string> {
  const now = opts.now ?? new Date();
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(req.body ?? '');
  const added: Record<string, string> = { 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash };
  if (opts.credentials.sessionToken) added['x-amz-security-token'] = opts.credentials.sessionToken;
  const toSign: Record<string, string> = { host: req.url.host };
  for (const [k, v] of Object.entries({ ...req.headers, ...added })) {
    toSign[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  }
  const names = Object.keys(toSign).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    canonicalPath(req.url, opts.service),
    canonicalQuery(req.url),
    names.map((n) => `${n}:${toSign[n]}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${opts.region}/${opts.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${opts.credentials.secretKey}`, day);
  for (const part of [opts.region, opts.service, 'aws4_request']) key = hmac(key, part);
  const signature = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...added,
    authorization: `AWS4-HMAC-SHA256 Credential=${opts.credentials.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
