import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/auth/mail.js';
import { call, createConnection } from '../connections/helpers.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import {
  currentSelfSignedCert,
  startSmtpSink,
  type SinkMail,
  type SmtpSink,
  type SmtpSinkTls,
} from '../peers/index.js';
import { addCheck, addRule, drain, history, setCheckStatus } from './fixtures.js';

/**
 * One SMTP transport (net/smtp.ts) for Test Connection, notifications and account mail: for
 * each way of securing SMTP, Test Connection of an Email connection and a notification sent
 * through it by a rule reach the same verdict, against real SMTP servers (smtp-server) with a
 * self-signed certificate on loopback. STARTTLS required never falls back to plain text.
 */

const START_TIMEOUT = 300_000;
const CREDENTIALS = { username: 'mailer', password: 'mail-pass' };
const cert = currentSelfSignedCert();
const sinks = {} as Record<SmtpSinkTls, SmtpSink>;

beforeAll(async () => {
  const modes: SmtpSinkTls[] = ['plain', 'implicit', 'starttls', 'starttls-hidden'];
  const started = await Promise.all(
    modes.map((mode) =>
      startSmtpSink({
        mode,
        tls: cert,
        credentials: CREDENTIALS,
        authMethods: ['PLAIN', 'LOGIN', 'CRAM-MD5'],
      }),
    ),
  );
  modes.forEach((mode, i) => (sinks[mode] = started[i] as SmtpSink));
});
afterAll(() => Promise.all(Object.values(sinks).map((s) => s.stop())));

type Case = {
  name: string;
  sink: SmtpSinkTls;
  encryption: string;
  auth?: string;
  /** The connection's insecure_tls: the sinks' certificate is self-signed. */
  insecure?: boolean;
  /** How the mail arrived, or the error both paths report. */
  expect: { secure: boolean; authMethod?: string } | RegExp;
};

const CASES: Case[] = [
  { name: 'implicit', sink: 'implicit', encryption: 'ImplicitTLS', insecure: true, expect: { secure: true } },
  {
    name: 'implicit-verified',
    sink: 'implicit',
    encryption: 'ImplicitTLS',
    expect: /self[- ]signed certificate/i,
  },
  { name: 'starttls', sink: 'starttls', encryption: 'ExplicitTLS', insecure: true, expect: { secure: true } },
  {
    name: 'starttls-unlisted',
    sink: 'starttls-hidden',
    encryption: 'ExplicitTLS',
    insecure: true,
    expect: { secure: true },
  },
  {
    name: 'starttls-refused',
    sink: 'plain',
    encryption: 'ExplicitTLS',
    insecure: true,
    expect: /STARTTLS/,
  },
  {
    name: 'starttls-verified',
    sink: 'starttls',
    encryption: 'ExplicitTLS',
    expect: /self[- ]signed certificate/i,
  },
  { name: 'auto-offered', sink: 'starttls', encryption: 'Auto', insecure: true, expect: { secure: true } },
  { name: 'auto-plain', sink: 'plain', encryption: 'Auto', expect: { secure: false } },
  { name: 'none', sink: 'starttls', encryption: 'None', expect: { secure: false } },
  {
    name: 'auth-plain',
    sink: 'starttls',
    encryption: 'ExplicitTLS',
    auth: 'Plain',
    insecure: true,
    expect: { secure: true, authMethod: 'PLAIN' },
  },
  {
    name: 'auth-login',
    sink: 'starttls',
    encryption: 'ExplicitTLS',
    auth: 'Login',
    insecure: true,
    expect: { secure: true, authMethod: 'LOGIN' },
  },
  {
    name: 'auth-cram',
    sink: 'starttls',
    encryption: 'ExplicitTLS',
    auth: 'CRAMMD5',
    insecure: true,
    expect: { secure: true, authMethod: 'CRAM-MD5' },
  },
  {
    name: 'auth-none',
    sink: 'starttls',
    encryption: 'ExplicitTLS',
    auth: 'None',
    insecure: true,
    expect: /authentication required/i,
  },
  {
    name: 'auth-bogus',
    sink: 'starttls',
    encryption: 'ExplicitTLS',
    auth: 'Kerberos',
    insecure: true,
    expect: /unknown SMTP auth "Kerberos" \(use None, Plain, Login, CRAMMD5, OAuth2 or Unknown\)/,
  },
];

/** Account mail and the system SMTP server: implicit TLS, the sink's certificate accepted. */
const systemSmtp = () => ({
  AUTH_MODE: 'builtin',
  SMTP_URL: `smtps://${CREDENTIALS.username}:${CREDENTIALS.password}@127.0.0.1:${sinks.implicit.port}/?tls.rejectUnauthorized=false`,
  SMTP_FROM: 'Opsdeck Accounts <accounts@example.org>',
});

describe.each(DB_KINDS)('SMTP TLS and auth on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, systemSmtp());
    admin = await signIn(server, 'admin');
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  const mailTo = (to: string, subject: string) => (m: SinkMail) => m.to.includes(to) && m.subject === subject;
  const received = (to: string, subject: string) =>
    Object.values(sinks).flatMap((s) => s.mails.filter(mailTo(to, subject)));

  it.each(CASES)('$name: Test Connection and a notification agree', async (c) => {
    const name = `mail-${c.name}`;
    const to = `${c.name}-${kind}@example.org`;
    const id = await createConnection(server, admin, {
      name,
      type: 'email',
      username: CREDENTIALS.username,
      password: CREDENTIALS.password,
      insecure_tls: c.insecure ?? false,
      properties: {
        host: '127.0.0.1',
        port: String(sinks[c.sink].port),
        from: 'alerts@example.org',
        fromName: 'Opsdeck Alerts',
        to,
        encryption: c.encryption,
        ...(c.auth ? { auth: c.auth } : {}),
      },
    });
    const tested = await call(server, admin, `/api/connection/test/${id}`, { method: 'POST' });

    const ruleId = await addRule(server.db, {
      connection: `connection://default/${name}`,
      filter: `check.name == '${name}'`,
    });
    const { checkId } = await addCheck(server.db, name);
    await setCheckStatus(server.db, checkId, 'unhealthy');
    await drain(server.ctx);
    const [sent] = await history(server.db, ruleId);

    const testMails = received(to, 'Opsdeck test message');
    const notifications = received(to, `Check ${name} has failed`);
    if (c.expect instanceof RegExp) {
      expect(tested.status).toBe(400);
      expect((tested.json as { error: string }).error).toMatch(c.expect);
      expect(sent).toMatchObject({ status: 'error' });
      expect(sent?.error).toMatch(c.expect);
      // Nothing went out, in plain text or otherwise.
      expect([...testMails, ...notifications]).toEqual([]);
      return;
    }
    expect(tested.status).toBe(200);
    expect(sent?.error ?? null).toBeNull();
    expect(sent?.status).toBe('sent');
    for (const mail of [...testMails, ...notifications]) {
      expect(mail.secure).toBe(c.expect.secure);
      expect(mail.authUser).toBe(CREDENTIALS.username);
      if (c.expect.authMethod) expect(mail.authMethod).toBe(c.expect.authMethod);
      expect(mail.headerFrom).toBe('Opsdeck Alerts <alerts@example.org>');
    }
    expect([testMails.length, notifications.length]).toEqual([1, 1]);
    expect(sinks[c.sink].mails).toEqual(expect.arrayContaining([...testMails, ...notifications]));
  });

  it('sends account mail and system-SMTP notifications through SMTP_URL with implicit TLS', async () => {
    const email = `invitee-${kind}@example.org`;
    const res = await call(server, admin, '/api/auth/invite_user', {
      method: 'POST',
      body: { firstName: 'Ina', lastName: 'Vite', email, role: 'viewer' },
    });
    expect(res.status).toBe(201);
    const invite = sinks.implicit.mails.find((m) => m.to.includes(email));
    expect(invite).toMatchObject({
      subject: 'You have been invited to Opsdeck',
      secure: true,
      headerFrom: 'Opsdeck Accounts <accounts@example.org>',
    });

    const oncall = `oncall-${kind}@example.org`;
    const ruleId = await addRule(server.db, {
      url: `smtp://system/?To=${encodeURIComponent(oncall)}`,
      filter: "check.name == 'system-smtp'",
    });
    const { checkId } = await addCheck(server.db, 'system-smtp');
    await setCheckStatus(server.db, checkId, 'unhealthy');
    await drain(server.ctx);
    expect(await history(server.db, ruleId)).toMatchObject([{ status: 'sent' }]);
    expect(sinks.implicit.mails.find((m) => m.to.includes(oncall))).toMatchObject({
      subject: 'Check system-smtp has failed',
      secure: true,
      headerFrom: 'Opsdeck Accounts <accounts@example.org>',
    });
  });

  it('reads a sender URL the way the connection form writes it (lower-case keys)', async () => {
    const to = `sender-url-${kind}@example.org`;
    const url =
      `smtp://${CREDENTIALS.username}:${CREDENTIALS.password}@127.0.0.1:${sinks.implicit.port}/` +
      `?from=alerts%40example.org&fromname=Opsdeck%20Alerts&to=${encodeURIComponent(to)}` +
      '&encryption=ImplicitTLS&auth=Plain&tls.rejectUnauthorized=false';
    const ruleId = await addRule(server.db, { url, filter: "check.name == 'sender-url'" });
    const { checkId } = await addCheck(server.db, 'sender-url');
    await setCheckStatus(server.db, checkId, 'unhealthy');
    await drain(server.ctx);
    expect(await history(server.db, ruleId)).toMatchObject([{ status: 'sent', error: null }]);
    expect(sinks.implicit.mails.find((m) => m.to.includes(to))).toMatchObject({
      secure: true,
      authMethod: 'PLAIN',
      headerFrom: 'Opsdeck Alerts <alerts@example.org>',
    });
  });
});

describe('account mail through SMTP_URL', () => {
  const log = pino({ level: 'silent' });
  const mailer = (smtpUrl: string) =>
    createMailer({ smtpUrl, from: 'Opsdeck <opsdeck@example.org>', dataDir: '/nonexistent', log });
  const auth = `${CREDENTIALS.username}:${CREDENTIALS.password}`;

  it('sends over implicit TLS (smtps://) and over required STARTTLS', async () => {
    await mailer(`smtps://${auth}@127.0.0.1:${sinks.implicit.port}/?tls.rejectUnauthorized=false`).send({
      to: 'implicit@example.org',
      subject: 'Your recovery code',
      text: '123456',
    });
    expect(sinks.implicit.mails.find((m) => m.to.includes('implicit@example.org'))).toMatchObject({
      secure: true,
      authUser: 'mailer',
      headerFrom: 'Opsdeck <opsdeck@example.org>',
    });
    await mailer(
      `smtp://${auth}@127.0.0.1:${sinks.starttls.port}/?encryption=ExplicitTLS&tls.rejectUnauthorized=false`,
    ).send({ to: 'starttls@example.org', subject: 'Your recovery code', text: '123456' });
    expect(sinks.starttls.mails.find((m) => m.to.includes('starttls@example.org'))).toMatchObject({
      secure: true,
      authUser: 'mailer',
    });
  });

  it('refuses to send in plain text when STARTTLS is required and the server has none', async () => {
    const send = mailer(
      `smtp://${auth}@127.0.0.1:${sinks.plain.port}/?requireTLS=true&tls.rejectUnauthorized=false`,
    ).send({ to: 'downgrade@example.org', subject: 'Your recovery code', text: '123456' });
    await expect(send).rejects.toThrow(/STARTTLS/);
    expect(sinks.plain.mails.filter((m) => m.to.includes('downgrade@example.org'))).toEqual([]);
  });

  it('stops at start with the reason when SMTP_URL cannot be read', () => {
    expect(() => mailer('smtp://127.0.0.1/?encryption=Sometimes')).toThrow(
      'SMTP_URL: unknown SMTP encryption "Sometimes" (use None, ExplicitTLS, ImplicitTLS or Auto)',
    );
  });
});
