import { loadUndici } from '../../lib/packages.js';
import { createOutboundAgent, sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, readTextCapped } from '../../net/read-body.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import { takeUrlCredentials } from '../../net/basic-auth.js';
import type { OutboundRequest } from './types.js';

export type DeliveryContext = {
  outbound: OutboundPolicy;
  signal: AbortSignal;
  timeoutMs: number;
  /** The connection's insecure_tls: accept any certificate. */
  insecureTls?: boolean;
};

export type HttpAnswer = { status: number; text: string };

const EXCERPT_CHARS = 300;

function excerpt(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS)}…` : t;
}

/**
 * One HTTP request through the outbound policy (the peer's address is checked, then
 * connected to). Credentials in the URL become a Basic header. Errors name the host only:
 * webhook URLs carry their tokens in the path.
 */
export async function sendHttp(req: OutboundRequest, ctx: DeliveryContext): Promise<HttpAnswer> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new Error('the URL is not a valid http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`unsupported URL scheme ${url.protocol} (only http and https)`);
  }
  const headers = { ...req.headers };
  const fromUrl = takeUrlCredentials(url);
  if (fromUrl) headers.authorization ??= fromUrl;
  const { request } = await loadUndici();
  const ownAgent = ctx.insecureTls
    ? await createOutboundAgent(ctx.outbound, {
        connectTimeoutMs: ctx.timeoutMs,
        tls: { rejectUnauthorized: false },
      })
    : undefined;
  const agent = ownAgent ?? (await sharedOutboundAgent(ctx.outbound));
  try {
    const res = await request(url, {
      method: req.method,
      headers,
      body: req.body,
      dispatcher: agent,
      signal: ctx.signal,
      headersTimeout: ctx.timeoutMs,
      bodyTimeout: ctx.timeoutMs,
    });
    return {
      status: res.statusCode,
      text: await readTextCapped(res.body, {
        maxBytes: BODY_LIMITS.senderAnswer,
        what: 'answer',
        overflow: 'cut',
      }),
    };
  } finally {
    if (ownAgent) void ownAgent.destroy().catch(() => {});
  }
}

/** sendHttp that fails on anything but 2xx, with the status and an excerpt of the answer. */
export async function sendHttpOk(
  req: OutboundRequest,
  ctx: DeliveryContext,
  refusal?: (status: number, body: string) => string | undefined,
): Promise<HttpAnswer> {
  const answer = await sendHttp(req, ctx);
  const host = new URL(req.url).host;
  if (answer.status < 200 || answer.status >= 300) {
    const body = excerpt(answer.text);
    throw new Error(`${host} answered HTTP ${answer.status}${body ? `: ${body}` : ''}`);
  }
  const refused = refusal?.(answer.status, answer.text);
  if (refused) throw new Error(refused);
  return answer;
}
