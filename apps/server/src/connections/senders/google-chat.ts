import { json, need, type Sender } from './types.js';

/** Google Chat incoming webhook: POST `{"text": …}` (developers.google.com/workspace/chat/quickstart/webhooks). */
export const googleChatSender: Sender = {
  requests(conn, msg) {
    return [json(need(conn.properties.webhook, 'webhook URL'), { text: `*${msg.title}*\n${msg.message}` })];
  },
};
