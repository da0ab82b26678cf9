import { loadUndici } from '../../lib/packages.js';
import { takeUrlCredentials } from '../../net/basic-auth.js';
import { sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, readTextCapped } from '../../net/read-body.js';
import type { RunContext } from './types.js';
import { clip } from './values.js';

export type JsonResponse = { status: number; json: unknown; text: string };

/** One JSON request through the outbound policy's agent, bounded by the check's signal. */
export async function fetchJson(
  url: string,
  ctx: RunContext,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const { request } = await loadUndici();
  const agent = await sharedOutboundAgent(ctx.outbound);
  const res = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    headers: { accept: 'application/json', ...init.headers },
    body: init.body,
    dispatcher: agent,
    signal: ctx.signal,
    headersTimeout: ctx.timeoutMs,
    bodyTimeout: ctx.timeoutMs,
  });
  const text = await readTextCapped(res.body, { maxBytes: BODY_LIMITS.check, what: 'response' });
  let json: unknown = null;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, text: clip(text, 1000) };
}

/** Joins a base URL and a path without doubling slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A URL's `user:password@` as a Basic header, and the URL without it. */
export function basicAuthFromUrl(raw: string): { url: string; headers: Record<string, string> } {
  const u = new URL(raw);
  const authorization = takeUrlCredentials(u);
  return authorization ? { url: u.toString(), headers: { authorization } } : { url: raw, headers: {} };
}
