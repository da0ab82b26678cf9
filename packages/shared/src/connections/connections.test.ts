import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPES,
  connectionTestRefusal,
  connectionType,
  isSecretTarget,
  teamsSenderUrl,
} from './index.js';

describe('connection types', () => {
  it('are sorted by title, unique, and each has fields', () => {
    const titles = CONNECTION_TYPES.map((t) => t.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(new Set(CONNECTION_TYPES.map((t) => t.type)).size).toBe(CONNECTION_TYPES.length);
    for (const t of CONNECTION_TYPES) expect(t.fields.length, t.type).toBeGreaterThan(0);
  });

  it('carries the defaults of the spec', () => {
    const fieldDefault = (type: string, key: string) =>
      connectionType(type)?.fields.find((f) => f.key === key)?.default;
    expect(fieldDefault('sftp', 'properties.port')).toBe('22');
    expect(fieldDefault('smb', 'properties.port')).toBe('445');
    expect(fieldDefault('git', 'properties.ref')).toBe('main');
    expect(fieldDefault('email', 'properties.port')).toBe('587');
    expect(fieldDefault('email', 'properties.encryption')).toBe('Auto');
    expect(fieldDefault('email', 'properties.auth')).toBe('Unknown');
    expect(fieldDefault('generic_webhook', 'properties.contentType')).toBe('application/json');
    expect(fieldDefault('generic_webhook', 'properties.requestMethod')).toBe('POST');
    expect(fieldDefault('opsgenie', 'properties.port')).toBe('443');
    expect(fieldDefault('redis', 'properties.db')).toBe('0');
    expect(connectionType('jmeter')?.hidden).toBe(true);
  });

  it('builds sender URLs with $(username)/$(password) placeholders, never the secrets', () => {
    const url = (type: string, values: Record<string, string>) => connectionType(type)?.senderUrl?.(values);
    expect(url('slack', { password: 'xoxb-1', 'properties.channel': '#alerts' })).toBe(
      'slack://$(password)@%23alerts',
    );
    expect(
      url('email', {
        'properties.host': 'mail.example.com',
        username: 'u',
        password: 'p',
        'properties.from': 'ops@example.com',
      }),
    ).toBe(
      'smtp://$(username):$(password)@mail.example.com:587/?from=ops%40example.com&encryption=Auto&auth=Unknown',
    );
    expect(url('ntfy', { 'properties.topic': 'alerts' })).toBe('ntfy://ntfy.sh/alerts');
    expect(url('generic_webhook', { 'properties.url': 'http://127.0.0.1:9000/hook' })).toBe(
      'generic+http://127.0.0.1:9000/hook?contenttype=application%2Fjson&requestmethod=POST&messagekey=message&titlekey=title',
    );
    expect(url('telegram', { password: 't', 'properties.chats': '@ops' })).toBe(
      'telegram://$(password)@telegram/?chats=%40ops',
    );
  });

  it('marks secrets by field input, and unknown properties by name', () => {
    expect(isSecretTarget('postgres', 'password')).toBe(true);
    expect(isSecretTarget('kubernetes', 'certificate')).toBe(true);
    expect(isSecretTarget('postgres', 'username')).toBe(false);
    expect(isSecretTarget('teams', 'properties.webhook')).toBe(true);
    expect(isSecretTarget('generic_webhook', 'properties.messageKey')).toBe(false);
    expect(isSecretTarget('generic_webhook', 'properties.url')).toBe(false);
    expect(isSecretTarget('http', 'properties.apiKey')).toBe(true);
    expect(isSecretTarget('http', 'properties.bearerToken')).toBe(true);
    expect(isSecretTarget('http', 'properties.region')).toBe(false);
  });

  it('turns a Teams webhook URL into its sender URL', () => {
    expect(
      teamsSenderUrl('https://acme.webhook.office.com/webhookb2/g-1@t-2/IncomingWebhook/alt3/own4'),
    ).toBe('teams://g-1@t-2/alt3/own4?host=acme.webhook.office.com');
  });

  it('says in one sentence why a type cannot be tested, and nothing for one that can', () => {
    expect(connectionTestRefusal('sql_server')).toBe(
      'Opsdeck cannot test SQL Server connections: it has no SQL Server driver',
    );
    expect(connectionTestRefusal('postgres')).toBeUndefined();
    expect(connectionTestRefusal('kubernetes')).toBeUndefined();
    expect(connectionTestRefusal('no_such_type')).toBe(
      'Opsdeck cannot test no_such_type connections: it does not know that connection type',
    );
    for (const t of CONNECTION_TYPES) {
      const refusal = connectionTestRefusal(t.type);
      if (refusal)
        expect(refusal, t.type).toMatch(/^Opsdeck cannot test .+ connections: it has no .+ (client|driver)$/);
    }
  });
});
