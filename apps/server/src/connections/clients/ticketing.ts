import type { z } from 'zod';
import { basicAuthorization } from '../../net/basic-auth.js';
import type { OutboundCall } from '../../net/outbound.js';
import { sendHttpOk } from '../senders/http.js';
import { apiUrl, parseAnswer } from '../testers/http.js';
import { parseUrl } from '../testers/types.js';
import type { HydratedConnection } from '../types.js';

/**
 * A GET against a ticket system's API with the connection's credentials: Basic (user and API
 * token) for Jira, the token as bearer for Microsoft Graph. Through the outbound policy; the
 * answer is read with its schema, or fails naming the peer it should have been.
 */
export async function ticketingGet<T extends z.ZodType>(
  conn: HydratedConnection,
  path: string,
  schema: T,
  call: OutboundCall,
): Promise<z.infer<T>> {
  const peer = conn.type === 'ms_planner' ? 'a Microsoft Graph URL' : 'a Jira URL';
  parseUrl(conn.url, conn.type === 'ms_planner' ? 'https://graph.microsoft.com' : 'https://jira.example.com');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (conn.type === 'ms_planner') {
    if (conn.password) headers.authorization = `Bearer ${conn.password}`;
  } else if (conn.username || conn.password) {
    headers.authorization = basicAuthorization(conn.username, conn.password);
  }
  const answer = await sendHttpOk(
    { url: apiUrl(conn.url, path), method: 'GET', headers },
    { ...call, insecureTls: conn.insecureTls },
  );
  return parseAnswer(answer.text, schema, peer);
}
