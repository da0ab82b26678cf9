import { hostUrl, json, need, type Sender } from './types.js';

/**
 * Mattermost and Rocket.Chat incoming webhooks: POST `{"text": …}` to {host}/hooks/{token},
 * with the channel and the name to post as when given (developers.mattermost.com/integrate/webhooks/incoming,
 * docs.rocket.chat "Incoming webhook").
 */
function incomingWebhook(nameKey: 'username' | 'alias'): Sender {
  return {
    requests(conn, msg) {
      const token = need(conn.password, 'token').split('/').map(encodeURIComponent).join('/');
      const body: Record<string, string> = { text: `#### ${msg.title}\n${msg.message}` };
      if (conn.properties.channel) body.channel = conn.properties.channel;
      if (conn.username) body[nameKey] = conn.username;
      return [json(`${hostUrl(need(conn.properties.host, 'host'))}/hooks/${token}`, body)];
    },
  };
}

export const mattermostSender = incomingWebhook('username');
export const rocketchatSender = incomingWebhook('alias');
