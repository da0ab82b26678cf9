import type { HydratedConnection } from '../types.js';

/** What a notification says: a title and a (markdown-ish) body. */
export type ChatMessage = { title: string; message: string };

/** One HTTP request a service's API documents for delivering a message. */
export type OutboundRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
};

/**
 * One chat or webhook service: how a message becomes the requests its API documents. Kept
 * free of I/O so notification senders and Test Connection share the exact shapes.
 */
export type Sender = {
  requests(conn: HydratedConnection, msg: ChatMessage): OutboundRequest[];
  /** Services that answer 200 with an error inside (Slack's `ok: false`): the error, if any. */
  refusal?(status: number, body: string): string | undefined;
};

export const json = (url: string, body: unknown, headers: Record<string, string> = {}): OutboundRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** `host` as a base URL: https unless the host names its own scheme (self-hosted, loopback). */
export function hostUrl(host: string): string {
  const h = host.trim().replace(/\/+$/, '');
  if (!h) throw new Error('the connection has no host');
  return /^https?:\/\//i.test(h) ? h : `https://${h}`;
}

/** A required value of the connection, or a clear error naming it. */
export function need(value: string | undefined, what: string): string {
  if (!value?.trim()) throw new Error(`the connection has no ${what}`);
  return value.trim();
}

export { splitList as list } from '../../lib/split-list.js';
