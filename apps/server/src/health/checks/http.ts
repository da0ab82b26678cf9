import type { PeerCertificate, TLSSocket } from 'node:tls';
import { httpCheckSchema } from '@opsdeck/shared';
import { request } from 'undici';
import type { z } from 'zod';
import { createOutboundAgent, sharedOutboundAgent } from '../../net/outbound-http.js';
import { type CheckRunner, fail, pass, redactUrl } from './types.js';
import { clip, resolveValue } from './values.js';

type HttpSpec = z.infer<typeof httpCheckSchema>;

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

/** HTTP(S): status, content, headers, basic auth and TLS certificate expiry. */
export const httpRunner: CheckRunner<HttpSpec> = {
  type: 'http',
  schema: httpCheckSchema,
  endpoint: (s) => ((s.url ?? s.endpoint) ? redactUrl(s.url ?? s.endpoint ?? '') : (s.connection ?? '')),
  async run(spec, ctx) {
    const target = spec.url ?? spec.endpoint ?? '';
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return fail(`invalid url: ${target}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return fail(`unsupported scheme ${url.protocol}`);

    const headers: Record<string, string> = {};
    for (const h of spec.headers ?? []) headers[h.name.toLowerCase()] = resolveValue(h) ?? '';
    const username = resolveValue(spec.username);
    const password = resolveValue(spec.password);
    if (username !== undefined || password !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
    }

    // https gets its own connection so the peer certificate is read fresh on every run;
    // plain http shares keep-alive connections.
    let cert: PeerCertificate | undefined;
    const agent =
      url.protocol === 'https:'
        ? createOutboundAgent(ctx.outbound, {
            connectTimeoutMs: ctx.timeoutMs,
            tls: {
              rejectUnauthorized: !spec.tlsConfig?.insecureSkipVerify,
              ...(spec.tlsConfig?.ca ? { ca: spec.tlsConfig.ca } : {}),
            },
            onSocket: (socket) => {
              const tls = socket as TLSSocket;
              if (typeof tls.getPeerCertificate === 'function') cert = tls.getPeerCertificate();
            },
          })
        : sharedOutboundAgent(ctx.outbound);
    try {
      const res = await request(url, {
        method: spec.method ?? (spec.body ? 'POST' : 'GET'),
        headers,
        body: spec.body,
        dispatcher: agent,
        signal: ctx.signal,
        headersTimeout: ctx.timeoutMs,
        bodyTimeout: ctx.timeoutMs,
      });
      const content = await res.body.text();
      const responseHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        responseHeaders[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
      const sslAge = certDaysLeft(cert);
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
        return fail(`response code ${res.statusCode}, expected ${expected}`, data);
      }
      if (spec.responseContent && !content.includes(spec.responseContent)) {
        return fail(`response does not contain "${spec.responseContent}"`, data);
      }
      if (spec.maxSSLExpiry !== undefined && url.protocol === 'https:') {
        if (sslAge === undefined) return fail('no TLS certificate was presented', data);
        if (sslAge < 0) return fail(`SSL certificate expired ${-sslAge} days ago`, data);
        if (sslAge < spec.maxSSLExpiry) {
          return fail(`SSL certificate expires in ${sslAge} days (less than ${spec.maxSSLExpiry})`, data);
        }
      }
      return pass(`${res.statusCode}`, data);
    } finally {
      if (agent !== sharedOutboundAgent(ctx.outbound)) void agent.destroy().catch(() => {});
    }
  },
};
