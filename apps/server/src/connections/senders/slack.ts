import { json, need, type Sender } from './types.js';

const SLACK_API = 'https://slack.com/api';

/** Slack reads `<…>` as links and mentions (`<!channel>`): text shows them through these three entities. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Markdown body in Slack's mrkdwn, which has no backslash escapes: an escaped `<`, `>` or `&`
 * (a value's, in notification bodies) becomes its entity, so it never opens a link or a mention;
 * other escaped characters are shown as themselves (mrkdwn has no `[label](url)` links). The
 * title is plain text.
 */
function text(title: string, message: string): string {
  const body = message.replace(/\\([!-/:-@[-`{-~])/g, (_m, c: string) =>
    '&<>'.includes(c) ? slackEscape(c) : c,
  );
  return `*${slackEscape(title)}*\n${body}`;
}

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
