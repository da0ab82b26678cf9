import type { PeerCertificate, TLSSocket } from 'node:tls';
import { httpCheckSchema } from '@opsdeck/shared';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { loadUndici } from '../../lib/packages.js';
import { basicAuthorization } from '../../net/basic-auth.js';
import { createOutboundAgent, sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, BodyTooLargeError, readTextCapped } from '../../net/read-body.js';
import { digestAuthorization, parseDigestChallenge } from './http-digest.js';
import { clientCredentialsToken } from './http-oauth2.js';
import { envMap, renderField } from './http-request.js';
import { sigV4Headers } from './http-sigv4.js';
import { type CheckRunner, fail, pass, redactUrl, type RunContext } from './types.js';
import { clip, resolveValue } from './values.js';

type HttpSpec = z.infer<typeof httpCheckSchema>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

const DAY_MS = 86_400_000;

/** Days until the certificate expires (negative once expired). */
function certDaysLeft(cert: PeerCertificate | undefined): number | undefined {
  if (!cert?.valid_to) return undefined;
  return Math.floor((new Date(cert.valid_to).getTime() - Date.now()) / DAY_MS);
}

function parseJson(text: string, contentType: string): unknown {
  if (!contentType.includes('json') && !/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The request as the spec describes it, templates rendered and credentials read. */
type Prepared = {
  url: URL;
  method: Method;
  headers: Record<string, string>;
  body: string | undefined;
  username: string | undefined;
  password: string | undefined;
};

function prepare(spec: HttpSpec): Prepared {
  const env = envMap(spec.env);
  const username = resolveValue(spec.username);
  const password = resolveValue(spec.password);
  const vars: Record<string, unknown> = { ...env, env, username: username ?? '', password: password ?? '' };
  const target = renderField(spec.url ?? spec.endpoint ?? '', vars, 'url');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`invalid url: ${redactUrl(target)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`unsupported scheme ${url.protocol}`);
  const headers: Record<string, string> = {};
  for (const h of spec.headers ?? [])
    headers[h.name.toLowerCase()] = renderField(resolveValue(h) ?? '', vars, `headers.${h.name}`);
  const body =
    spec.body !== undefined && spec.templateBody ? renderField(spec.body, vars, 'body', true) : spec.body;
  // canary-checker sends GET unless told otherwise, even with a body.
  return { url, method: spec.method ?? 'GET', headers, body, username, password };
}

/** Authorization from oauth2, bearer or basic credentials (digest answers a challenge later). */
async function authorization(spec: HttpSpec, p: Prepared, ctx: RunContext): Promise<string | undefined> {
  if (spec.oauth2) {
    const o = spec.oauth2;
    return clientCredentialsToken(
      {
        tokenURL: o.tokenURL,
        clientID: resolveValue(o.clientID) ?? p.username ?? '',
        clientSecret: resolveValue(o.clientSecret) ?? p.password ?? '',
        scopes: o.scopes ?? o.scope ?? [],
        params: o.params ?? {},
      },
      ctx,
    );
  }
  const bearer = resolveValue(spec.bearer);
  if (bearer) return `Bearer ${bearer}`;
  if (!spec.digest && (p.username !== undefined || p.password !== undefined))
    return basicAuthorization(p.username ?? '', p.password);
  return undefined;
}

/** Headers that sign the request with AWS SigV4, when the spec asks for it. */
function signing(spec: HttpSpec, p: Prepared, headers: Record<string, string>): Record<string, string> {
  const s = spec.awsSigV4;
  if (!s) return {};
  const accessKey = resolveValue(s.accessKey);
  const secretKey = resolveValue(s.secretKey);
  if (!accessKey || !secretKey)
    throw new Error(
      'awsSigV4 needs accessKey and secretKey (the server does not use its own AWS credentials)',
    );
  const region =
    s.region ?? /\.([a-z]{2}(?:-[a-z]+)+-\d)\.amazonaws\.com$/.exec(p.url.hostname)?.[1] ?? 'us-east-1';
  return sigV4Headers(
    { method: p.method, url: p.url, headers, body: p.body },
    {
      service: s.service,
      region,
      credentials: { accessKey, secretKey, sessionToken: resolveValue(s.sessionToken) },
    },
  );
}

/** HTTP(S): status, content, headers; basic, digest, oauth2, bearer or SigV4; TLS CA/client cert and expiry. */
export const httpRunner: CheckRunner<HttpSpec> = {
  type: 'http',
  schema: httpCheckSchema,
  endpoint: (s) => ((s.url ?? s.endpoint) ? redactUrl(s.url ?? s.endpoint ?? '') : (s.connection ?? '')),
  async run(spec, ctx) {
    if (spec.ntlm || spec.ntlmv2)
      return fail(
        'NTLM authentication (ntlm/ntlmv2) is not supported by this server; use basic, digest, oauth2 or a bearer token',
      );
    let p: Prepared;
    try {
      p = prepare(spec);
    } catch (e) {
      return fail((e as Error).message);
    }
    const auth = await authorization(spec, p, ctx);
    const tls = spec.tlsConfig;
    const ca = resolveValue(tls?.ca);
    const cert = resolveValue(tls?.cert);
    const key = resolveValue(tls?.key);

    // https gets its own connection so the peer certificate is read fresh on every run;
    // plain http shares keep-alive connections.
    let peerCert: PeerCertificate | undefined;
    const { request } = await loadUndici();
    const ownAgent =
      p.url.protocol === 'https:'
        ? await createOutboundAgent(ctx.outbound, {
            connectTimeoutMs: ctx.timeoutMs,
            tls: {
              rejectUnauthorized: !tls?.insecureSkipVerify,
              ...(ca ? { ca } : {}),
              ...(cert && key ? { cert, key } : {}),
            },
            onSocket: (socket) => {
              const s = socket as TLSSocket;
              if (typeof s.getPeerCertificate === 'function') peerCert = s.getPeerCertificate();
            },
          })
        : undefined;
    const agent = ownAgent ?? (await sharedOutboundAgent(ctx.outbound));
    const send = async (extra: Record<string, string>): Promise<Dispatcher.ResponseData> => {
      const headers = { ...p.headers, ...extra };
      return request(p.url, {
        method: p.method,
        headers: { ...headers, ...signing(spec, p, headers) },
        body: p.body,
        dispatcher: agent,
        signal: ctx.signal,
        headersTimeout: ctx.timeoutMs,
        bodyTimeout: ctx.timeoutMs,
      });
    };
    try {
      let res = await send(auth ? { authorization: auth } : {});
      if (spec.digest && res.statusCode === 401) {
        const challenge = parseDigestChallenge(res.headers['www-authenticate']);
        await res.body.dump();
        if (!challenge)
          return fail('digest authentication: the server answered 401 without a Digest challenge');
        const answer = digestAuthorization(challenge, {
          method: p.method,
          uri: `${p.url.pathname}${p.url.search}`,
          username: p.username ?? '',
          password: p.password ?? '',
        });
        res = await send({ authorization: answer });
      }
      const responseHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        responseHeaders[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
      let content: string;
      try {
        content = await readTextCapped(res.body, { maxBytes: BODY_LIMITS.check, what: 'response' });
      } catch (e) {
        // An endpoint streaming without end fails the check, with the status it answered.
        if (e instanceof BodyTooLargeError)
          return fail(e.message, { code: res.statusCode, headers: responseHeaders });
        throw e;
      }
      const sslAge = certDaysLeft(peerCert);
      const data: Record<string, unknown> = {
        code: res.statusCode,
        headers: responseHeaders,
        content: clip(content),
        json: parseJson(content, responseHeaders['content-type'] ?? '') ?? null,
        ...(sslAge !== undefined ? { sslAge } : {}),
      };

      const codes = spec.responseCodes?.length ? spec.responseCodes : undefined;
      const codeOk = codes ? codes.includes(res.statusCode) : res.statusCode >= 200 && res.statusCode < 400;
      if (!codeOk) {
        const expected = codes ? codes.join(', ') : '2xx or 3xx';
        const why = res.statusCode === 401 && spec.digest ? ' (digest authentication failed)' : '';
        return fail(`response code ${res.statusCode}, expected ${expected}${why}`, data);
      }
      if (spec.responseContent && !content.includes(spec.responseContent)) {
        return fail(`response does not contain "${spec.responseContent}"`, data);
      }
      if (spec.maxSSLExpiry !== undefined && p.url.protocol === 'https:') {
        if (sslAge === undefined) return fail('no TLS certificate was presented', data);
        if (sslAge < 0) return fail(`SSL certificate expired ${-sslAge} days ago`, data);
        if (sslAge < spec.maxSSLExpiry) {
          return fail(`SSL certificate expires in ${sslAge} days (less than ${spec.maxSSLExpiry})`, data);
        }
      }
      return pass(`${res.statusCode}`, data);
    } finally {
      if (ownAgent) void ownAgent.destroy().catch(() => {});
    }
  },
};
