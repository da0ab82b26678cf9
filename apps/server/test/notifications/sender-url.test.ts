import { describe, expect, it } from 'vitest';
import { senderFor } from '../../src/connections/index.js';
import { senderUrlConnection } from '../../src/notifications/sender-url.js';

const msg = { title: 'Check api has failed', message: 'HTTP 503' };

/** The requests a sender URL turns into, as the service's API documents them. */
function requestsOf(url: string) {
  const conn = senderUrlConnection(url);
  const sender = senderFor(conn.type);
  if (!sender) throw new Error(`no sender for ${conn.type}`);
  return sender.requests(conn, msg).map((r) => ({
    ...r,
    body:
      r.body && r.headers['content-type'] === 'application/json' ? (JSON.parse(r.body) as unknown) : r.body,
  }));
}

describe('sender URLs', () => {
  it('turn into the documented API requests of each service', () => {
    expect(requestsOf('slack://xoxb-123@alerts')).toEqual([
      {
        url: 'https://slack.com/api/chat.postMessage',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer xoxb-123' },
        body: { channel: 'alerts', text: '*Check api has failed*\nHTTP 503' },
      },
    ]);
    expect(requestsOf('discord://tok3n@987654')[0]?.url).toBe(
      'https://discord.com/api/webhooks/987654/tok3n',
    );
    expect(requestsOf('teams://g@t/alt/owner?host=acme.webhook.office.com')[0]?.url).toBe(
      'https://acme.webhook.office.com/webhookb2/g@t/IncomingWebhook/alt/owner',
    );
    expect(requestsOf('mattermost://bot@chat.example.com/hooktoken/ops')[0]).toMatchObject({
      url: 'https://chat.example.com/hooks/hooktoken',
      body: { channel: 'ops', username: 'bot' },
    });
    expect(requestsOf('rocketchat://chat.example.com/tokA/tokB/alerts')[0]).toMatchObject({
      url: 'https://chat.example.com/hooks/tokA/tokB',
      body: { channel: 'alerts' },
    });
    expect(requestsOf('pushover://shoutrrr:apptoken@userkey/')[0]).toMatchObject({
      url: 'https://api.pushover.net/1/messages.json',
      body: { token: 'apptoken', user: 'userkey', title: msg.title },
    });
    expect(requestsOf('pushbullet://acc355/%23ops')[0]).toMatchObject({ body: { channel_tag: 'ops' } });
    expect(requestsOf('zulip://bot%40example.com:key@zulip.example.com/?stream=ops')[0]?.url).toBe(
      'https://zulip.example.com/api/v1/messages',
    );
    expect(requestsOf('matrix://:syt_token@matrix.example.com/?rooms=!room:example.com')[0]).toMatchObject({
      url: 'https://matrix.example.com/_matrix/client/r0/rooms/!room%3Aexample.com/send/m.room.message',
      headers: { authorization: 'Bearer syt_token' },
      body: { msgtype: 'm.text', body: 'Check api has failed\nHTTP 503' },
    });
    expect(requestsOf('opsgenie://api.eu.opsgenie.com/genie-key')[0]).toMatchObject({
      url: 'https://api.eu.opsgenie.com/v2/alerts',
      headers: { authorization: 'GenieKey genie-key' },
      body: { message: msg.title, description: 'HTTP 503' },
    });
    expect(requestsOf('generic://hooks.example.com/in?RequestMethod=GET&TitleKey=t')[0]).toMatchObject({
      method: 'GET',
      url: 'https://hooks.example.com/in?t=Check+api+has+failed&message=HTTP+503',
    });
  });

  it('refuses a scheme no sender speaks', () => {
    expect(() => senderUrlConnection('carrier-pigeon://coop/1')).toThrow(
      'sending to carrier-pigeon:// URLs is not available',
    );
  });
});
