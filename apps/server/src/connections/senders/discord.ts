import { json, need, type Sender } from './types.js';

/** Discord webhook: POST `{"content": …}` to /api/webhooks/{id}/{token} (discord.com/developers/docs/resources/webhook). */
export const discordSender: Sender = {
  requests(conn, msg) {
    const content = { content: `**${msg.title}**\n${msg.message}` };
    // A whole webhook URL (a `discord+https://…` sender URL) is posted to as given.
    if (conn.properties.webhook) return [json(conn.properties.webhook, content)];
    const id = encodeURIComponent(need(conn.properties.webhookId, 'webhook ID'));
    const token = encodeURIComponent(need(conn.password, 'token'));
    return [json(`https://discord.com/api/webhooks/${id}/${token}`, content)];
  },
};
