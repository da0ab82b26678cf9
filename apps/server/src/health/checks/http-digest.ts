import crypto from 'node:crypto';

/** The parameters of a `WWW-Authenticate: Digest …` challenge. */
export type DigestChallenge = {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm: string;
};

/** The Digest challenge among a response's WWW-Authenticate values, or undefined. */
export function parseDigestChallenge(header: string | string[] | undefined): DigestChallenge | undefined {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  const digest = values.find((v) => /^\s*digest\s/i.test(v));
  if (!digest) return undefined;
  const params: Record<string, string> = {};
  const re = /(\w+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const m of digest.replace(/^\s*digest\s+/i, '').matchAll(re)) {
    params[(m[1] ?? '').toLowerCase()] = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
  }
  if (params.nonce === undefined) return undefined;
  return {
    realm: params.realm ?? '',
    nonce: params.nonce,
    ...(params.qop !== undefined ? { qop: params.qop } : {}),
    ...(params.opaque !== undefined ? { opaque: params.opaque } : {}),
    algorithm: params.algorithm ?? 'MD5',
  };
}

const HASHES: Record<string, string> = { md5: 'md5', 'sha-256': 'sha256', 'sha-512-256': 'sha512-256' };

/** The Authorization header answering a Digest challenge (RFC 7616; qop=auth or none). */
export function digestAuthorization(
  challenge: DigestChallenge,
  req: { method: string; uri: string; username: string; password: string },
  cnonce = crypto.randomBytes(8).toString('hex'),
): string {
  const algorithm = challenge.algorithm.toLowerCase();
  const session = algorithm.endsWith('-sess');
  const hashName = HASHES[session ? algorithm.slice(0, -5) : algorithm];
  if (!hashName) throw new Error(`digest algorithm ${challenge.algorithm} is not supported`);
  const h = (s: string) => crypto.createHash(hashName).update(s).digest('hex');
  const qops = (challenge.qop ?? '').split(',').map((q) => q.trim());
  if (challenge.qop !== undefined && !qops.includes('auth'))
    throw new Error(`digest qop ${challenge.qop} is not supported (only auth)`);
  const qop = challenge.qop !== undefined ? 'auth' : undefined;
  const nc = '00000001';
  let ha1 = h(`${req.username}:${challenge.realm}:${req.password}`);
  if (session) ha1 = h(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = h(`${req.method}:${req.uri}`);
  const response = qop
    ? h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`)
    : h(`${ha1}:${challenge.nonce}:${ha2}`);
  const quote = (s: string) => `"${s.replace(/(["\\])/g, '\\$1')}"`;
  const parts = [
    `username=${quote(req.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(req.uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quote(response)}`,
    ...(challenge.opaque !== undefined ? [`opaque=${quote(challenge.opaque)}`] : []),
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}
