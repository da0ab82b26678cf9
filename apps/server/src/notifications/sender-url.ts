import type { HydratedConnection } from '../connections/index.js';

/**
 * Sender URLs (the shoutrrr forms Mission Control reads in `to.url` and team settings) as the
 * connection a sender understands: `slack://token@channel`, `slack+https://hooks…`,
 * `discord://token@id`, `teams+https://…`, `ntfy://user:pass@host/topic`,
 * `generic+https://host/path?TitleKey=…`, … A URL of no known form is an error naming its scheme.
 */

export class SenderUrlError extends Error {}

function connection(type: string, fields: Partial<HydratedConnection>): HydratedConnection {
  return {
    id: '',
    name: type,
    namespace: '',
    type,
    url: '',
    username: '',
    password: '',
    certificate: '',
    insecureTls: false,
    ...fields,
    properties: fields.properties ?? {},
  };
}

/** Query parameters with lower-case names (shoutrrr's are case-insensitive). */
function params(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) out[k.toLowerCase()] = v;
  return out;
}

const dec = (s: string) => decodeURIComponent(s);
const segments = (url: URL) => url.pathname.split('/').filter(Boolean).map(dec);

/** `+https://…` forms: the service posts to the URL after the `+`. */
const WRAPPED: Readonly<Record<string, string>> = {
  slack: 'slackwebhook',
  teams: 'teams',
  discord: 'discord',
  googlechat: 'google_chat',
};

export function senderUrlConnection(
  raw: string,
  properties: Record<string, string> = {},
): HydratedConnection {
  const text = raw.trim();
  const scheme = /^([a-z][\w.-]*)(\+[a-z]+)?:\/\//i.exec(text);
  if (!scheme) throw new SenderUrlError('the sender URL has no scheme');
  const service = (scheme[1] ?? '').toLowerCase();
  if (scheme[2]) {
    const target = text.slice(service.length + 1);
    if (service === 'generic') {
      const url = new URL(target);
      const p = params(url);
      for (const key of ['titlekey', 'messagekey', 'requestmethod', 'contenttype', 'template', 'disabletls'])
        url.searchParams.forEach((_v, k) => k.toLowerCase() === key && url.searchParams.delete(k));
      return genericWebhook(url.toString(), p, properties);
    }
    const type = WRAPPED[service];
    if (!type) throw new SenderUrlError(`sending to ${service}+ URLs is not available`);
    return connection(type, { properties: { ...properties, webhook: target } });
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SenderUrlError(`the ${service} sender URL is not a valid URL`);
  }
  const p = params(url);
  const user = dec(url.username);
  const pass = dec(url.password);
  const host = url.host;
  const path = segments(url);
  const web = (h: string) => `${p.scheme === 'http' || p.disabletls === 'yes' ? 'http' : 'https'}://${h}`;
  switch (service) {
    case 'slack':
      return connection('slack', {
        password: user || pass,
        properties: { ...properties, channel: dec(url.hostname) },
      });
    case 'discord':
      return connection('discord', { password: user, properties: { ...properties, webhookId: host } });
    case 'teams': {
      const [altId, owner] = path;
      const webhook = `https://${p.host ?? 'outlook.office.com'}/webhookb2/${user}@${host}/IncomingWebhook/${altId ?? ''}/${owner ?? ''}`;
      return connection('teams', { properties: { ...properties, webhook } });
    }
    case 'googlechat':
      return connection('google_chat', {
        properties: { ...properties, webhook: `https://${host}${url.pathname}${url.search}` },
      });
    case 'mattermost':
    case 'rocketchat': {
      // mattermost://[user@]host/token[/channel], rocketchat://[user@]host/tokenA/tokenB[/channel]
      const tokenParts = service === 'rocketchat' ? 2 : 1;
      const channel = path[tokenParts];
      return connection(service, {
        username: user,
        password: path.slice(0, tokenParts).join('/'),
        properties: { ...properties, host: web(host), ...(channel ? { channel } : {}) },
      });
    }
    case 'ntfy':
      return connection('ntfy', {
        username: user,
        password: pass,
        properties: { ...properties, host: web(host), topic: path.join('/') },
      });
    case 'telegram':
      return connection('telegram', {
        password: `${user}:${pass}`.replace(/:$/, ''),
        properties: { ...properties, chats: p.chats ?? '' },
      });
    case 'pushover':
      return connection('pushover', {
        password: pass,
        properties: { ...properties, user: host, devices: p.devices ?? '' },
      });
    case 'pushbullet':
      return connection('pushbullet', {
        password: host,
        properties: { ...properties, targets: path.join(',') },
      });
    case 'zulip':
      return connection('zulip_chat', {
        username: user,
        password: pass,
        properties: { ...properties, host: web(host), stream: p.stream ?? '', topic: p.topic ?? '' },
      });
    case 'matrix':
      return connection('matrix', {
        username: user,
        password: pass || user,
        properties: { ...properties, host: web(host), rooms: p.rooms ?? '' },
      });
    case 'opsgenie': {
      const [key = ''] = path;
      return connection('opsgenie', {
        password: key,
        properties: { ...properties, host: url.hostname, port: url.port || '443' },
      });
    }
    case 'ifttt':
      return connection('ifttt', { password: host, properties: { ...properties, events: p.events ?? '' } });
    case 'generic':
      return genericWebhook(`${web(host)}${url.pathname}`, p, properties);
    default:
      throw new SenderUrlError(`sending to ${service}:// URLs is not available`);
  }
}

function genericWebhook(
  url: string,
  p: Record<string, string>,
  properties: Record<string, string>,
): HydratedConnection {
  return connection('generic_webhook', {
    properties: {
      ...properties,
      url,
      ...(p.titlekey ? { titleKey: p.titlekey } : {}),
      ...(p.messagekey ? { messageKey: p.messagekey } : {}),
      ...(p.requestmethod ? { requestMethod: p.requestmethod } : {}),
      ...(p.contenttype ? { contentType: p.contenttype } : {}),
    },
  });
}
