import type { z } from 'zod';
import { basicAuthorization } from '../../net/basic-auth.js';
import { sendHttpOk } from '../senders/http.js';
import type { HydratedConnection } from '../types.js';
import { parseUrl, type ConnectionTester, type TestContext } from './types.js';

/** A GET with the connection's credentials as Basic auth; anything but 2xx is the failure. */
export async function getWithConnection(conn: HydratedConnection, url: string, ctx: TestContext) {
  const headers: Record<string, string> = { accept: 'application/json, */*' };
  if (conn.username || conn.password)
    headers.authorization = basicAuthorization(conn.username, conn.password);
  return sendHttpOk({ url, method: 'GET', headers }, { ...ctx, insecureTls: conn.insecureTls });
}

/**
 * Reads a peer's JSON answer with its schema; `peer` completes "is this … URL?" (e.g. "a
 * Prometheus URL") in the message of an answer that is not JSON or not of the expected shape.
 */
export function parseAnswer<T extends z.ZodType>(text: string, schema: T, peer: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the answer is not JSON: is this ${peer}?`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`unexpected answer: is this ${peer}?`);
  return parsed.data;
}

/** Joins a base URL and an API path without doubling slashes. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** HTTP: GET the URL. */
export const httpTester: ConnectionTester = {
  types: ['http'],
  async test(conn, ctx) {
    parseUrl(conn.url, 'http(s)://host/path');
    const answer = await getWithConnection(conn, conn.url, ctx);
    return { status: answer.status };
  },
};
