import { basicAuthorization } from '../../net/basic-auth.js';
import { hostUrl, json, list, need, type Sender } from './types.js';

/** Pushover: POST /1/messages.json with the app token and user key (pushover.net/api). */
export const pushoverSender: Sender = {
  requests(conn, msg) {
    return [
      json('https://api.pushover.net/1/messages.json', {
        token: need(conn.password, 'API token'),
        user: need(conn.properties.user, 'user key'),
        title: msg.title,
        message: msg.message,
      }),
    ];
  },
};

/** Pushbullet: one note push per target — `#channel`, an email, or a device id (docs.pushbullet.com). */
export const pushbulletSender: Sender = {
  requests(conn, msg) {
    const token = need(conn.password, 'access token');
    const targets = list(conn.properties.targets);
    const push = (target: Record<string, string>) =>
      json(
        'https://api.pushbullet.com/v2/pushes',
        { type: 'note', title: msg.title, body: msg.message, ...target },
        { 'access-token': token },
      );
    if (targets.length === 0) return [push({})];
    return targets.map((t) => {
      if (t.startsWith('#')) return push({ channel_tag: t.slice(1) });
      if (t.includes('@')) return push({ email: t });
      return push({ device_iden: t });
    });
  },
};

/** IFTTT Webhooks: one trigger per event, title and message as value1 and value2 (ifttt.com/maker_webhooks). */
export const iftttSender: Sender = {
  requests(conn, msg) {
    const key = encodeURIComponent(need(conn.password, 'webhook key'));
    const events = list(conn.properties.events);
    if (events.length === 0) throw new Error('the connection has no events');
    return events.map((event) =>
      json(`https://maker.ifttt.com/trigger/${encodeURIComponent(event)}/with/key/${key}`, {
        value1: msg.title,
        value2: msg.message,
      }),
    );
  },
};

/** Zulip: POST /api/v1/messages as the bot, to a stream and topic (zulip.com/api/send-message). */
export const zulipSender: Sender = {
  requests(conn, msg) {
    const form = new URLSearchParams({
      type: 'stream',
      to: need(conn.properties.stream, 'stream'),
      topic: conn.properties.topic || msg.title,
      content: `**${msg.title}**\n${msg.message}`,
    });
    return [
      {
        url: `${hostUrl(need(conn.properties.host, 'host'))}/api/v1/messages`,
        method: 'POST',
        headers: {
          authorization: basicAuthorization(need(conn.username, 'bot email'), need(conn.password, 'bot key')),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
      },
    ];
  },
};
