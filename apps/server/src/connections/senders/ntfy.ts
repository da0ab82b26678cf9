import { basicAuthorization } from '../../net/basic-auth.js';
import { hostUrl, need, type Sender } from './types.js';

/** ntfy: POST the message as the body to {host}/{topic}, the title in a header (docs.ntfy.sh/publish). */
export const ntfySender: Sender = {
  requests(conn, msg) {
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', title: msg.title };
    if (conn.username || conn.password)
      headers.authorization = basicAuthorization(conn.username, conn.password);
    const topic = encodeURIComponent(need(conn.properties.topic, 'topic'));
    return [
      {
        url: `${hostUrl(conn.properties.host || 'ntfy.sh')}/${topic}`,
        method: 'POST',
        headers,
        body: msg.message,
      },
    ];
  },
};
