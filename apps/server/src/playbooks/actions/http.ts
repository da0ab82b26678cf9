import { loadUndici } from '../../lib/packages.js';
import { basicAuthorization } from '../../net/basic-auth.js';
import { sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, readTextCapped } from '../../net/read-body.js';
import { outboundPolicy } from '../../net/outbound.js';
import { abortMessage, errorMessage, type ActionRunner } from './action.js';
import { actionConnection } from './connection.js';
import type { ValueField } from '../../lib/inline-value.js';
import { namedValues, resolveValue, unsupportedField } from './values.js';

type HttpBody = {
  connection?: unknown;
  url?: unknown;
  username?: unknown;
  password?: unknown;
  bearer?: unknown;
  headers?: unknown;
  method?: unknown;
  body?: unknown;
};

const credential = (v: unknown, what: string): string => resolveValue(v as ValueField, what);

/**
 * `http`: a request to `url` or a `connection://` (its URL and credentials; the action's own
 * fields win), through the outbound policy. Method GET unless given, even with a body.
 * Result {code, headers, content}; a non-2xx answer does not fail the action (Mission Control).
 */
export const httpAction: ActionRunner = async (body, a) => {
  const b = (body ?? {}) as HttpBody;
  const unsupported = unsupportedField('http', body, [
    'oauth',
    'tls',
    'awsSigV4',
    'ntlm',
    'ntlmv2',
    'digest',
  ]);
  if (unsupported) return { result: null, error: unsupported };
  try {
    const conn = await actionConnection(a.ctx, b.connection);
    const url = (typeof b.url === 'string' && b.url.trim()) || conn?.url || '';
    if (!url.trim()) return { result: null, error: 'must specify a URL' };
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { result: null, error: `invalid URL ${url}` };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return {
        result: null,
        error: `unsupported URL scheme ${parsed.protocol} (expected http:// or https://)`,
      };
    const headers: Record<string, string> = namedValues(b.headers, 'header');
    const username = credential(b.username, 'username') || conn?.username || '';
    const password = credential(b.password, 'password') || conn?.password || '';
    const bearer = credential(b.bearer, 'bearer') || conn?.properties.bearer || '';
    const has = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);
    if (!has('authorization')) {
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      else if (username || password) headers.Authorization = basicAuthorization(username, password);
    }
    const method = typeof b.method === 'string' && b.method.trim() ? b.method.trim().toUpperCase() : 'GET';
    const { request } = await loadUndici();
    const res = await request(parsed, {
      method: method as 'GET',
      headers,
      body: typeof b.body === 'string' && b.body !== '' ? b.body : null,
      signal: a.signal,
      dispatcher: await sharedOutboundAgent(outboundPolicy(a.ctx.config.outbound)),
      headersTimeout: a.timeoutMs,
      bodyTimeout: a.timeoutMs,
    });
    // Kept for the run page, not streamed: a larger body is cut.
    const content = await readTextCapped(res.body, {
      maxBytes: BODY_LIMITS.playbookAnswer,
      what: 'response',
      overflow: 'cut',
    });
    const responseHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
    return { result: { code: res.statusCode, headers: responseHeaders, content } };
  } catch (e) {
    return { result: null, error: abortMessage(a.signal) ?? errorMessage(e) };
  }
};
