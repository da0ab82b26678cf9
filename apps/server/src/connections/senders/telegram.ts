import { json, list, need, type Sender } from './types.js';

/** Telegram Bot API: one `sendMessage` per chat (core.telegram.org/bots/api#sendmessage). */
export const telegramSender: Sender = {
  requests(conn, msg) {
    const token = need(conn.password, 'bot token');
    const chats = list(conn.properties.chats);
    if (chats.length === 0) throw new Error('the connection has no chats');
    return chats.map((chat) =>
      json(`https://api.telegram.org/bot${token}/sendMessage`, {
        chat_id: chat,
        text: `${msg.title}\n\n${msg.message}`,
      }),
    );
  },
};
