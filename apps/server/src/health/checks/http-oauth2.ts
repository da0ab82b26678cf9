import crypto from 'node:crypto';
import { loadUndici } from '../../lib/packages.js';
import { basicAuthorization } from '../../net/basic-auth.js';
import { sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, readTextCapped } from '../../net/read-body.js';
import type { RunContext } from './types.js';
import { redactUrl } from './types.js';

export type ClientCredentials = {
  tokenURL: string;
  clientID: string;
  clientSecret: string;
  scopes: string[];
  params: Record<string, string>;
};

type CachedToken = { token: string; type: string; expiresAt: number };

/** Tokens by request (URL, client, secret digest, scopes, params), kept until shortly before expiry. */
const cache = new Map<string, CachedToken>();
const MAX_CACHED = 1000;
/** Renew this long before the server's expiry so a token does not lapse mid-request. */
const MARGIN_MS = 30_000;
/** When the token endpoint gives no expires_in. */
const DEFAULT_TTL_MS = 5 * 60_000;

function cacheKey(c: ClientCredentials): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([c.tokenURL, c.clientID, c.clientSecret, c.scopes, c.params]))
    .digest('hex');
}

async function post(
  c: ClientCredentials,
  ctx: RunContext,
  style: 'header' | 'params',
): Promise<{ status: number; text: string }> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...c.params });
  if (c.scopes.length) form.set('scope', c.scopes.join(' '));
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (style === 'header') {
    // RFC 6749 §2.3.1: the client id and secret are form-encoded before they are joined.
    headers.authorization = basicAuthorization(
      encodeURIComponent(c.clientID),
      encodeURIComponent(c.clientSecret),
    );
  } else {
    form.set('client_id', c.clientID);
    form.set('client_secret', c.clientSecret);
  }
  const { request } = await loadUndici();
  const res = await request(c.tokenURL, {
    method: 'POST',
    headers,
    body: form.toString(),
    dispatcher: await sharedOutboundAgent(ctx.outbound),
    signal: ctx.signal,
    headersTimeout: ctx.timeoutMs,
    bodyTimeout: ctx.timeoutMs,
  });
  const text = await readTextCapped(res.body, { maxBytes: BODY_LIMITS.check, what: 'token response' });
  return { status: res.statusCode, text };
}

/**
 * An OAuth2 client-credentials token (`Authorization` value), fetched through the outbound
 * policy and cached until it expires. Like Go's oauth2 package, the client credentials go
 * in a Basic header first and, if the token endpoint refuses that, in the form.
 */
export async function clientCredentialsToken(c: ClientCredentials, ctx: RunContext): Promise<string> {
  const key = cacheKey(c);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > Date.now()) return `${hit.type} ${hit.token}`;
  let res = await post(c, ctx, 'header');
  if (res.status === 400 || res.status === 401) res = await post(c, ctx, 'params');
  const where = `oauth2 token request to ${redactUrl(c.tokenURL)}`;
  let body: { access_token?: unknown; token_type?: unknown; expires_in?: unknown; error?: unknown };
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    body = {};
  }
  if (res.status >= 400) {
    const reason = typeof body.error === 'string' ? body.error : res.text.slice(0, 200);
    throw new Error(`${where} failed: HTTP ${res.status} ${reason}`.trim());
  }
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new Error(`${where}: the answer has no access_token`);
  const ttl = typeof body.expires_in === 'number' ? body.expires_in * 1000 : DEFAULT_TTL_MS;
  // canary-checker (Go's oauth2) sends every token type as a Bearer token.
  const type = 'Bearer';
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, { token: body.access_token, type, expiresAt: Date.now() + ttl - MARGIN_MS });
  return `${type} ${body.access_token}`;
}

/** Forgets cached tokens (tests). */
export function clearTokenCache(): void {
  cache.clear();
}
