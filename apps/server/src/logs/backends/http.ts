import type { EnvVarValue } from '@opsdeck/shared';
import { loadUndici } from '../../lib/packages.js';
import { isConnectionReference, resolveConnection } from '../../connections/index.js';
import { inlineValue } from '../../lib/inline-value.js';
import { basicAuthorization } from '../../net/basic-auth.js';
import { sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, readTextCapped } from '../../net/read-body.js';
import { LogBackendError, type LogBackendContext } from './types.js';

const TIMEOUT_MS = 30_000;

/** An inline credential; `valueFrom` needs a cluster Opsdeck does not read, so it is refused. */
export const envValue = (v: EnvVarValue | undefined, what: string): string | undefined =>
  inlineValue(v, { what, valueFrom: 'unsupported' });

export type HttpTarget = { url: string; username?: string; password?: string };

/** Address and credentials, filled from a `connection://` reference when the spec names one. */
export async function httpTarget(
  spec: { address?: string; connection?: string; username?: EnvVarValue; password?: EnvVarValue },
  ctx: LogBackendContext,
): Promise<HttpTarget> {
  const own = {
    username: envValue(spec.username, 'username'),
    password: envValue(spec.password, 'password'),
  };
  if (spec.connection === undefined) {
    if (!spec.address) throw new LogBackendError('address is required');
    return { url: spec.address, ...own };
  }
  if (!isConnectionReference(spec.connection))
    throw new LogBackendError('connection must be connection://namespace/name or a connection id');
  const conn = await resolveConnection(ctx, spec.connection);
  return {
    url: spec.address || conn.url,
    username: own.username ?? (conn.username || undefined),
    password: own.password ?? (conn.password || undefined),
  };
}

export function basicHeader(
  username: string | undefined,
  password: string | undefined,
): Record<string, string> {
  if (username === undefined) return {};
  return { authorization: basicAuthorization(username, password) };
}

/** A JSON request to a user-given address, through the outbound policy, with a size cap. */
export async function fetchJson(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  ctx: LogBackendContext,
): Promise<unknown> {
  let res;
  try {
    const { request } = await loadUndici();
    res = await request(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      dispatcher: await sharedOutboundAgent(ctx.outbound),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: ctx.signal,
    });
  } catch (e) {
    throw new LogBackendError(`${new URL(url).origin}: ${(e as Error).message}`);
  }
  const text = await readTextCapped(res.body, { maxBytes: BODY_LIMITS.logBackend, what: 'answer' });
  if (res.statusCode >= 400) throw new LogBackendError(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LogBackendError(`answer is not JSON (HTTP ${res.statusCode}): ${text.slice(0, 80)}`);
  }
}
