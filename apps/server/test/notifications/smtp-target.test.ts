import { connectionType } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDestination, type HydratedConnection } from '../../src/connections/index.js';
import { outboundPolicy, OutboundRefusedError } from '../../src/net/outbound.js';
import { sendSmtp } from '../../src/net/smtp.js';
import { smtpFromEnv, smtpFromProperties, smtpFromUrl } from '../../src/net/smtp-target.js';
import { startSmtpSink, type SmtpSink } from '../peers/index.js';

/** The readers of net/smtp-target.ts: every source of SMTP settings ends in the same target. */

const FROM = 'Opsdeck <opsdeck@example.org>';
const creds = { username: 'u', password: 'p' };

describe('SMTP settings from an Email connection', () => {
  it('defaults to port 587, STARTTLS when offered, and the auth the server offers', () => {
    expect(smtpFromProperties({ host: 'mail.example.com', from: 'a@example.org' }, creds, FROM)).toEqual({
      target: {
        host: 'mail.example.com',
        port: 587,
        encryption: 'starttls-opportunistic',
        insecureTls: false,
        auth: 'auto',
        user: 'u',
        password: 'p',
        from: 'a@example.org',
        fromName: '',
      },
      to: [],
    });
  });

  it("reads Mission Control's names in any case: Auto is implicit TLS on 465", () => {
    const t = (p: Record<string, string>) =>
      smtpFromProperties({ host: 'h', from: 'a@x', ...p }, creds, FROM).target;
    expect(t({ encryption: 'ImplicitTLS' })).toMatchObject({ encryption: 'implicit-tls', port: 465 });
    expect(t({ encryption: 'implicittls', port: '2465' })).toMatchObject({
      encryption: 'implicit-tls',
      port: 2465,
    });
    expect(t({ encryption: 'Auto', port: '465' }).encryption).toBe('implicit-tls');
    expect(t({ encryption: 'ExplicitTLS' }).encryption).toBe('starttls');
    expect(t({ encryption: 'None' }).encryption).toBe('none');
    expect(t({ auth: 'CRAMMD5' }).auth).toBe('cram-md5');
    expect(t({ auth: 'plain' }).auth).toBe('plain');
    expect(t({ auth: 'Login' }).auth).toBe('login');
    expect(t({ auth: 'Unknown' }).auth).toBe('auto');
  });

  it('takes the sender from SMTP_FROM when the connection names none', () => {
    const { target } = smtpFromProperties({ host: 'h', fromName: 'Alerts' }, creds, FROM);
    expect([target.from, target.fromName]).toEqual(['opsdeck@example.org', 'Alerts']);
    const bare = smtpFromProperties({ host: 'h' }, creds, '"Ops, Deck" <ops@example.org>').target;
    expect([bare.from, bare.fromName]).toEqual(['ops@example.org', 'Ops, Deck']);
  });

  it('refuses unknown values with the accepted ones, and auth without a username', () => {
    const t =
      (p: Record<string, string>, c = creds) =>
      () =>
        smtpFromProperties({ host: 'h', from: 'a@x', ...p }, c, FROM);
    expect(t({ encryption: 'SSL' })).toThrow(
      'unknown SMTP encryption "SSL" (use None, ExplicitTLS, ImplicitTLS or Auto)',
    );
    expect(t({ auth: 'NTLM' })).toThrow(
      'unknown SMTP auth "NTLM" (use None, Plain, Login, CRAMMD5, OAuth2 or Unknown)',
    );
    expect(t({ port: '70000' })).toThrow('the SMTP port "70000" is not a port number (1–65535)');
    expect(t({ auth: 'Plain' }, { username: '', password: '' })).toThrow('SMTP auth plain needs a username');
    expect(() => smtpFromProperties({ from: 'a@x' }, creds, FROM)).toThrow('the SMTP server has no host');
  });

  it('gives the same target from the properties and from the sender URL the form stores', () => {
    const email = connectionType('email');
    const forms: Record<string, string>[] = [
      { 'properties.encryption': 'ImplicitTLS', 'properties.port': '465', 'properties.auth': 'Plain' },
      { 'properties.encryption': 'ExplicitTLS', 'properties.auth': 'CRAMMD5' },
      { 'properties.encryption': 'None', 'properties.port': '25', 'properties.auth': 'None' },
      { 'properties.encryption': 'Auto', 'properties.port': '465' },
      {},
    ];
    for (const form of forms) {
      const values = {
        'properties.host': 'mail.example.com',
        'properties.from': 'ops@example.com',
        'properties.fromName': 'Ops Team',
        'properties.to': 'a@example.com,b@example.com',
        username: 'mailer',
        password: 'p@ss word',
        ...form,
      };
      const properties = Object.fromEntries(
        Object.entries(values)
          .filter(([k]) => k.startsWith('properties.'))
          .map(([k, v]) => [k.slice('properties.'.length), v]),
      );
      // As hydration renders it: $(username) and $(password) URL-escaped.
      const url = (email?.senderUrl?.(values) ?? '')
        .replace('$(username)', encodeURIComponent('mailer'))
        .replace('$(password)', encodeURIComponent('p@ss word'));
      const conn: HydratedConnection = {
        id: '1',
        name: 'mail',
        namespace: 'default',
        type: 'email',
        url,
        username: 'mailer',
        password: 'p@ss word',
        certificate: '',
        properties,
        insecureTls: true,
      };
      const fromUrl = emailDestination({ ...conn, properties: {} }, FROM);
      expect(fromUrl, url).toEqual(emailDestination(conn, FROM));
      expect(fromUrl.target.insecureTls).toBe(true);
      expect(fromUrl.to).toEqual(['a@example.com', 'b@example.com']);
    }
  });
});

describe('SMTP settings from a sender URL and SMTP_URL', () => {
  it('reads shoutrrr keys case-insensitively', () => {
    const { target, to } = smtpFromUrl(
      'smtp://user:p%40ss@mail.example.com:2525/?FromAddress=ops%40example.com&FromName=Ops&ToAddresses=a%40x,b%40y&Encryption=ExplicitTLS&Auth=CRAMMD5',
      {},
      FROM,
    );
    expect(target).toEqual({
      host: 'mail.example.com',
      port: 2525,
      encryption: 'starttls',
      insecureTls: false,
      auth: 'cram-md5',
      user: 'user',
      password: 'p@ss',
      from: 'ops@example.com',
      fromName: 'Ops',
    });
    expect(to).toEqual(['a@x', 'b@y']);
  });

  it('smtps:// and secure=true are implicit TLS on 465; UseStartTLS=no keeps Auto in plain text', () => {
    const t = (url: string) => smtpFromUrl(url, {}, FROM).target;
    expect(t('smtps://mail.example.com')).toMatchObject({ encryption: 'implicit-tls', port: 465 });
    expect(t('smtp://mail.example.com/?secure=true')).toMatchObject({
      encryption: 'implicit-tls',
      port: 465,
    });
    expect(t('smtp://mail.example.com:465')).toMatchObject({ encryption: 'implicit-tls', port: 465 });
    expect(t('smtp://mail.example.com/?requireTLS=true').encryption).toBe('starttls');
    expect(t('smtp://mail.example.com/?ignoreTLS=true').encryption).toBe('none');
    expect(t('smtp://mail.example.com/?UseStartTLS=no').encryption).toBe('none');
    expect(t('smtp://mail.example.com/?starttls=yes').encryption).toBe('starttls-opportunistic');
    expect(t('smtp://mail.example.com/?tls.rejectUnauthorized=false').insecureTls).toBe(true);
    expect(t('smtp://[::1]:25').host).toBe('::1');
  });

  it('refuses contradictions and other schemes, never echoing the password', () => {
    const t = (url: string) => () => smtpFromUrl(url, {}, FROM);
    expect(t('smtps://h/?encryption=None')).toThrow(
      'the SMTP URL asks for two encryptions: smtps:// and encryption=None',
    );
    expect(t('smtp://h/?encryption=ExplicitTLS&usestarttls=no')).toThrow(
      'the SMTP URL asks for STARTTLS (encryption=ExplicitTLS) and turns it off (usestarttls)',
    );
    expect(t('http://u:secret@h/')).toThrow('the SMTP URL must start with smtp:// or smtps://, not http://');
    expect(t('smtp://u:secret@h:99999/')).not.toThrow(/secret/);
    expect(t('smtp://u:secret@h:99999/')).toThrow('the SMTP URL is not a valid URL');
  });

  it('SMTP_URL: SMTP_FROM (name and address) is the sender unless the URL names one; errors name the variable', () => {
    expect(smtpFromEnv('smtp://u:p@relay.internal', FROM)).toMatchObject({
      host: 'relay.internal',
      from: 'opsdeck@example.org',
      fromName: 'Opsdeck',
      user: 'u',
    });
    expect(smtpFromEnv('smtp://relay/?from=noreply%40example.org', FROM)).toMatchObject({
      from: 'noreply@example.org',
      fromName: '',
    });
    expect(() => smtpFromEnv('smtp://relay/?auth=Magic', FROM)).toThrow(
      'SMTP_URL: unknown SMTP auth "Magic"',
    );
  });
});

describe('the SMTP transport and the outbound policy', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.stop());

  it('refuses a server the policy refuses before connecting; the operator route is direct', async () => {
    const target = smtpFromUrl(`smtp://127.0.0.1:${sink.port}/?encryption=None`, {}, FROM).target;
    const mail = { to: ['policy@example.org'], subject: 'hello', text: 'hi' };
    const denyLoopback = outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true });
    const refused = sendSmtp(target, mail, denyLoopback, { timeoutMs: 5_000 });
    await expect(refused).rejects.toThrow(OutboundRefusedError);
    await expect(refused).rejects.toThrow(
      'refused to connect to 127.0.0.1: loopback addresses are not allowed',
    );
    expect(sink.mails).toEqual([]);
    await sendSmtp(target, mail, 'direct', { timeoutMs: 5_000 });
    expect(sink.mails.map((m) => m.to)).toEqual([['policy@example.org']]);
  });
});
