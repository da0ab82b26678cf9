import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../helpers.js';
import {
  Browser,
  codeIn,
  startMailSink,
  type ErrorAnswer,
  type Flow,
  type SessionAnswer,
} from './browser.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

/** The registration form as the browser posts it. */
function registrationForm(email: string, first: string, last: string, password: string) {
  return {
    method: 'password',
    'traits.email': email,
    'traits.name.first': first,
    'traits.name.last': last,
    password,
  };
}

/** Starts a registration flow in `b` and sends the form at once. */
async function registerOnNewFlow(b: Browser, ...form: Parameters<typeof registrationForm>) {
  const { body: flow } = await b.startFlow('registration');
  return b.submit(flow, 'registration', registrationForm(...form));
}

describe('recovery, verification and registration with mail over SMTP', () => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer(
      'pglite',
      {},
      { AUTH_MODE: 'builtin', SMTP_URL: sink.url, AUTH_REGISTRATION: 'true' },
    );
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink.close();
  });

  it('recovers an account with a mailed code and lets the person set a new password', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('recovery');
    const sent = await b.submit(flow, 'recovery', { method: 'code', email: user.email });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sent.body.ui.messages?.[0]?.text).toMatch(/An email containing a recovery code has been sent/);
    const code = codeIn(sink.last(user.email));
    const wrong = await b.submit(sent.body, 'recovery', {
      method: 'code',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages?.[0]?.text).toBe(
      'The recovery code is invalid or has already been used. Please try again.',
    );
    const ok = await b.submit<ErrorAnswer>(sent.body, 'recovery', { method: 'code', code });
    expect(ok.status).toBe(422);
    expect(ok.body.error.id).toBe('browser_location_change_required');
    expect(ok.body.redirect_browser_to).toMatch(/^\/profile-settings\?flow=/);
    // The code works once only.
    expect((await b.submit(sent.body, 'recovery', { method: 'code', code })).status).toBe(400);
    const settingsId = (ok.body.redirect_browser_to ?? '').split('=')[1];
    const { body: settings } = await b.json<Flow>(`/api/auth/self-service/settings/flows?id=${settingsId}`);
    expect(
      (await b.submit(settings, 'settings', { method: 'password', password: 'recovered-secret-42' })).status,
    ).toBe(200);
    expect((await new Browser(server.baseUrl).login(user.email, 'recovered-secret-42')).status).toBe(200);
  });

  it('answers an unknown address like a known one, without sending mail', async () => {
    const before = sink.mails.length;
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('recovery');
    const sent = await b.submit(flow, 'recovery', { method: 'code', email: 'nobody-here@example.com' });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sink.mails.length).toBe(before);
  });

  it('registers a person (viewer), signs them in and mails a verification code that verifies the address', async () => {
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('registration');
    const bad = await b.submit(flow, 'registration', registrationForm('not-an-email', 'New', 'Person', 'x'));
    expect(bad.status).toBe(400);
    const { status, body } = await b.submit<
      SessionAnswer & { continue_with: { action: string; flow?: { id: string } }[] }
    >(
      flow,
      'registration',
      registrationForm('new.person@example.com', 'New', 'Person', 'registration-secret-9'),
    );
    expect(status).toBe(200);
    const who = await b.json<{ payload: { roles: string[] } }>('/api/auth/whoami');
    expect(who.body.payload.roles).toEqual(['viewer']);
    const verificationId =
      body.continue_with.find((c) => c.action === 'show_verification_ui')?.flow?.id ?? '';
    const { body: verification } = await b.json<Flow>(
      `/api/auth/self-service/verification/flows?id=${verificationId}`,
    );
    const code = codeIn(sink.last('new.person@example.com'));
    const done = await b.submit(verification, 'verification', { method: 'code', code });
    expect(done.status).toBe(200);
    expect(done.body.ui.messages?.[0]?.text).toBe('You successfully verified your email address.');
    const session = await b.json<{ identity: { verifiable_addresses: { verified: boolean }[] } }>(
      '/api/auth/sessions/whoami',
    );
    expect(session.body.identity.verifiable_addresses[0]?.verified).toBe(true);

    const again = new Browser(server.baseUrl);
    const dup = await registerOnNewFlow(again, 'NEW.person@example.com', 'N', 'P', 'registration-secret-9');
    expect(dup.status).toBe(400);
    expect(dup.body.ui.messages?.[0]?.text).toMatch(/exists already/);
    // A person who exists without a password (e.g. seeded with a role) cannot be claimed.
    await server.db.query(
      "INSERT INTO people (name, email) VALUES ('Seeded Commander', 'seeded@example.com')",
    );
    const claimed = await registerOnNewFlow(again, 'seeded@example.com', 'S', 'C', 'registration-secret-9');
    expect(claimed.status).toBe(400);
  });
});

describe('mail without SMTP, registration off, first admin', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-auth-'));
    server = await startTestServer(
      'pglite',
      { dataDir },
      { AUTH_MODE: 'builtin', ADMIN_PASSWORD: 'first-admin-secret' },
    );
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const b = new Browser(server.baseUrl);
    expect((await b.login('admin@localhost', 'first-admin-secret')).status).toBe(200);
    const who = await b.json<{ payload: { roles: string[] } }>('/api/auth/whoami');
    expect(who.body.payload.roles).toEqual(['admin']);
  });

  it('keeps registration closed once an admin exists', async () => {
    const { status, body } = await new Browser(server.baseUrl).startFlow('registration');
    expect(status).toBe(400);
    expect((body as unknown as ErrorAnswer).error.id).toBe('self_service_flow_disabled');
  });

  it('writes mails to DATA_DIR/outbox as .eml files', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('recovery');
    expect((await b.submit(flow, 'recovery', { method: 'code', email: user.email })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBe(1);
    const mail = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toMatch(/code: \d{6}/);
  });
});
