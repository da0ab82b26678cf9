import { json, need, type Sender } from './types.js';

const SLACK_API = 'https://slack.com/api';

const text = (title: string, message: string) => `*${title}*\n${message}`;

/** Slack with a bot token: `chat.postMessage` (api.slack.com/methods/chat.postMessage). */
export const slackSender: Sender = {
  requests(conn, msg) {
    const token = need(conn.password, 'bot token');
    return [
      json(
        `${SLACK_API}/chat.postMessage`,
        { channel: need(conn.properties.channel, 'channel'), text: text(msg.title, msg.message) },
        { authorization: `Bearer ${token}` },
      ),
    ];
  },
  // The Web API answers 200 with {"ok": false, "error": "channel_not_found"}.
  refusal(_status, body) {
    try {
      const parsed = JSON.parse(body) as { ok?: unknown; error?: unknown };
      return parsed.ok === false ? `Slack refused the message: ${String(parsed.error)}` : undefined;
    } catch {
      return undefined;
    }
  },
};

/** Slack incoming webhook: POST `{"text": …}` to the webhook URL (api.slack.com/messaging/webhooks). */
export const slackWebhookSender: Sender = {
  requests(conn, msg) {
    return [json(need(conn.properties.webhook, 'webhook URL'), { text: text(msg.title, msg.message) })];
  },
};
