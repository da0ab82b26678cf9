import { basicAuthorization } from '../../net/basic-auth.js';
import { need, type Sender } from './types.js';

/**
 * Generic webhook (shoutrrr's `generic+`): POST a JSON object with the title and message under
 * the configured keys, or GET with them as query parameters; basic auth when a user is set.
 */
export const genericWebhookSender: Sender = {
  requests(conn, msg) {
    const p = conn.properties;
    const target = need(p.url, 'webhook URL');
    const titleKey = p.titleKey || 'title';
    const messageKey = p.messageKey || 'message';
    const headers: Record<string, string> = {};
    if (conn.username || conn.password)
      headers.authorization = basicAuthorization(conn.username, conn.password);
    if ((p.requestMethod || 'POST').toUpperCase() === 'GET') {
      const url = new URL(target);
      url.searchParams.set(titleKey, msg.title);
      url.searchParams.set(messageKey, msg.message);
      return [{ url: url.toString(), method: 'GET', headers }];
    }
    headers['content-type'] = p.contentType || 'application/json';
    const body = JSON.stringify({ [titleKey]: msg.title, [messageKey]: msg.message });
    return [{ url: target, method: 'POST', headers, body }];
  },
};
