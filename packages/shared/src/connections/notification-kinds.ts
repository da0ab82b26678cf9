import { password, property, username, type ConnectionFormValues, type ConnectionTypeDef } from './fields.js';

const USER = '$(username)';
const PASS = '$(password)';

/** A form value as URL text: trimmed, percent-encoded for a URL component. */
function v(values: ConnectionFormValues, key: `properties.${string}` | 'url'): string {
  const raw = values[key];
  return typeof raw === 'string' ? encodeURIComponent(raw.trim()) : '';
}

/** `?a=1&b=2` from the non-empty pairs, or ''. */
function query(pairs: Record<string, string>): string {
  const kept = Object.entries(pairs).filter(([, value]) => value !== '');
  return kept.length ? `?${kept.map(([k, value]) => `${k}=${value}`).join('&')}` : '';
}

const has = (values: ConnectionFormValues, key: 'username' | 'password') =>
  typeof values[key] === 'string' && values[key] !== '';

/** `https://host/webhookb2/{group}@{tenant}/IncomingWebhook/{altId}/{owner}` → the Teams sender URL. */
export function teamsSenderUrl(webhook: string): string {
  const m = /^https:\/\/([^/]+)\/webhookb2\/([^/@]+)@([^/]+)\/IncomingWebhook\/([^/]+)\/([^/?#]+)/.exec(
    webhook.trim(),
  );
  if (!m) return `teams+${webhook.trim()}`;
  const [, host, group, tenant, altId, owner] = m;
  return `teams://${group}@${tenant}/${altId}/${owner}?host=${host}`;
}

/**
 * Chat, paging and mail services. Each builds the sender URL notifications read
 * (`slack://token@channel`, `smtp://user:pass@host:port/?from=…`); the form values themselves
 * stay in properties so the form can be edited again.
 */
export const NOTIFICATION_KINDS: ConnectionTypeDef[] = [
  {
    type: 'slack',
    title: 'Slack',
    category: 'Notification',
    fields: [
      password('Bot Token', true),
      property('channel', 'Channel', { required: true, placeholder: '#alerts' }),
    ],
    senderUrl: (f) => `slack://${PASS}@${v(f, 'properties.channel')}`,
  },
  {
    type: 'slackwebhook',
    title: 'Slack Webhook',
    category: 'Notification',
    fields: [
      property('webhook', 'Webhook URL', {
        required: true,
        input: 'secret',
        placeholder: 'https://hooks.slack.com/services/T000/B000/XXXX',
      }),
    ],
    senderUrl: (f) => `slack+${String(f['properties.webhook'] ?? '').trim()}`,
  },
  {
    type: 'teams',
    title: 'Teams',
    category: 'Notification',
    fields: [property('webhook', 'Webhook URL', { required: true, input: 'secret' })],
    senderUrl: (f) => teamsSenderUrl(String(f['properties.webhook'] ?? '')),
  },
  {
    type: 'discord',
    title: 'Discord',
    category: 'Notification',
    fields: [property('webhookId', 'Webhook ID', { required: true }), password('Token', true)],
    senderUrl: (f) => `discord://${PASS}@${v(f, 'properties.webhookId')}`,
  },
  {
    type: 'google_chat',
    title: 'Google Chat',
    category: 'Notification',
    fields: [property('webhook', 'Webhook URL', { required: true, input: 'secret' })],
    senderUrl: (f) =>
      `googlechat://${String(f['properties.webhook'] ?? '')
        .trim()
        .replace(/^https?:\/\//, '')}`,
  },
  {
    type: 'mattermost',
    title: 'Mattermost',
    category: 'Notification',
    fields: [
      property('host', 'Host', { required: true }),
      password('Token', true),
      username('Bot Username'),
      property('channel', 'Channel'),
    ],
    senderUrl: (f) =>
      `mattermost://${has(f, 'username') ? `${USER}@` : ''}${v(f, 'properties.host')}/${PASS}` +
      (v(f, 'properties.channel') ? `/${v(f, 'properties.channel')}` : ''),
  },
  {
    type: 'rocketchat',
    title: 'Rocketchat',
    category: 'Notification',
    fields: [
      property('host', 'Host', { required: true }),
      password('Token', true),
      username('Username'),
      property('channel', 'Channel'),
    ],
    senderUrl: (f) =>
      `rocketchat://${has(f, 'username') ? `${USER}@` : ''}${v(f, 'properties.host')}/${PASS}` +
      (v(f, 'properties.channel') ? `/${v(f, 'properties.channel')}` : ''),
  },
  {
    type: 'matrix',
    title: 'Matrix',
    category: 'Notification',
    fields: [
      property('host', 'Host', { required: true }),
      username('User', true),
      password('Password', true),
      property('rooms', 'Rooms'),
    ],
    senderUrl: (f) =>
      `matrix://${USER}:${PASS}@${v(f, 'properties.host')}/${query({ rooms: v(f, 'properties.rooms') })}`,
  },
  {
    type: 'telegram',
    title: 'Telegram',
    category: 'Notification',
    fields: [
      password('Bot Token', true),
      property('chats', 'Chats', { required: true, placeholder: '@channel, 12345' }),
    ],
    senderUrl: (f) => `telegram://${PASS}@telegram/${query({ chats: v(f, 'properties.chats') })}`,
  },
  {
    type: 'zulip_chat',
    title: 'Zulip',
    category: 'Notification',
    fields: [
      property('host', 'Host', { required: true }),
      username('Bot Email', true),
      password('Bot Key', true),
      property('stream', 'Stream'),
      property('topic', 'Topic'),
    ],
    senderUrl: (f) =>
      `zulip://${USER}:${PASS}@${v(f, 'properties.host')}/${query({ stream: v(f, 'properties.stream'), topic: v(f, 'properties.topic') })}`,
  },
  {
    type: 'pushbullet',
    title: 'Pushbullet',
    category: 'Notification',
    fields: [password('Access Token', true), property('targets', 'Targets', { required: true })],
    senderUrl: (f) => `pushbullet://${PASS}/${v(f, 'properties.targets')}`,
  },
  {
    type: 'pushover',
    title: 'Pushover',
    category: 'Notification',
    fields: [password('API Token', true), property('user', 'User Key', { required: true })],
    senderUrl: (f) => `pushover://:${PASS}@${v(f, 'properties.user')}/`,
  },
  {
    type: 'ifttt',
    title: 'IFTTT',
    category: 'Notification',
    fields: [password('Webhook Key', true), property('events', 'Events', { required: true })],
    senderUrl: (f) => `ifttt://${PASS}/${query({ events: v(f, 'properties.events') })}`,
  },
  {
    type: 'ntfy',
    title: 'Ntfy',
    category: 'Notification',
    fields: [
      property('host', 'Host', { default: 'ntfy.sh' }),
      property('topic', 'Topic', { required: true }),
      username(),
      password(),
    ],
    senderUrl: (f) =>
      `ntfy://${has(f, 'username') ? `${USER}:${PASS}@` : ''}${v(f, 'properties.host') || 'ntfy.sh'}/${v(f, 'properties.topic')}`,
  },
  {
    type: 'opsgenie',
    title: 'OpsGenie',
    category: 'Notification',
    fields: [
      property('host', 'Host', { default: 'api.opsgenie.com' }),
      property('port', 'Port', { input: 'number', default: '443' }),
      password('API Key', true),
    ],
    senderUrl: (f) =>
      `opsgenie://${v(f, 'properties.host') || 'api.opsgenie.com'}:${v(f, 'properties.port') || '443'}/${PASS}`,
  },
  {
    type: 'email',
    title: 'Email',
    category: 'Notification',
    fields: [
      property('host', 'Host', { required: true }),
      property('port', 'Port', { input: 'number', default: '587' }),
      username(),
      password(),
      property('from', 'From Address', { required: true }),
      property('fromName', 'From Name'),
      property('to', 'To Addresses'),
      property('encryption', 'Encryption', {
        input: 'select',
        options: ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'],
        default: 'Auto',
      }),
      property('auth', 'Auth', {
        input: 'select',
        options: ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'],
        default: 'Unknown',
      }),
    ],
    senderUrl: (f) =>
      `smtp://${has(f, 'username') ? `${USER}:${PASS}@` : ''}${v(f, 'properties.host')}:${v(f, 'properties.port') || '587'}/` +
      query({
        from: v(f, 'properties.from'),
        fromname: v(f, 'properties.fromName'),
        to: v(f, 'properties.to'),
        encryption: v(f, 'properties.encryption') || 'Auto',
        auth: v(f, 'properties.auth') || 'Unknown',
      }),
  },
  {
    type: 'generic_webhook',
    title: 'Generic Webhook',
    category: 'Notification',
    fields: [
      // Kept in properties: the url column holds the sender URL built from it.
      property('url', 'Webhook URL', { required: true, placeholder: 'https://hooks.example.com/alerts' }),
      property('contentType', 'Content Type', { default: 'application/json' }),
      property('requestMethod', 'Request Method', {
        input: 'select',
        options: ['POST', 'GET'],
        default: 'POST',
      }),
      property('messageKey', 'Message Key', { default: 'message' }),
      property('titleKey', 'Title Key', { default: 'title' }),
      username(),
      password(),
    ],
    senderUrl: (f) => {
      const target = String(f['properties.url'] ?? '').trim();
      const auth = has(f, 'username') ? `${USER}:${PASS}@` : '';
      const withAuth = target.replace(
        /^(https?):\/\//i,
        (_m, scheme: string) => `generic+${scheme.toLowerCase()}://${auth}`,
      );
      const sep = withAuth.includes('?') ? '&' : '?';
      const params = query({
        contenttype: v(f, 'properties.contentType') || encodeURIComponent('application/json'),
        requestmethod: v(f, 'properties.requestMethod') || 'POST',
        messagekey: v(f, 'properties.messageKey') || 'message',
        titlekey: v(f, 'properties.titleKey') || 'title',
      }).slice(1);
      return `${withAuth}${sep}${params}`;
    },
  },
];
