import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../helpers.js';
import { Browser, nodeMessages, type ErrorAnswer, type Flow } from './browser.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

function secretOf(flow: Flow): string {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'totp_secret_key');
  return node?.attributes.text?.text ?? '';
}

describe('settings flow', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'builtin' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  async function signedInBrowser() {
    const user = await signIn(server, 'editor');
    const b = new Browser(server.baseUrl);
    expect((await b.login(user.email, user.password)).status).toBe(200);
    return { user, b };
  }

  it('needs a session, and updates the profile traits', async () => {
    const anon = await new Browser(server.baseUrl).startFlow('settings');
    expect(anon.status).toBe(401);
    const { user, b } = await signedInBrowser();
    const { body: flow } = await b.startFlow('settings');
    const email = flow.ui.nodes.find((n) => n.attributes.name === 'traits.email');
    expect(email?.attributes.value).toBe(user.email);
    const { status, body } = await b.submit(flow, 'settings', {
      method: 'profile',
      'traits.email': user.email,
      'traits.name.first': 'Ada',
      'traits.name.last': 'Lovelace',
    });
    expect(status).toBe(200);
    expect(body.state).toBe('success');
    expect(body.ui.messages?.map((m) => m.text)).toEqual(['Your changes have been saved!']);
    const who = await b.json<{ payload: { user: { name: string } } }>('/api/auth/whoami');
    expect(who.body.payload.user.name).toBe('Ada Lovelace');
  });

  it('changes the password and revokes every session of that identity', async () => {
    const { user, b } = await signedInBrowser();
    const other = new Browser(server.baseUrl);
    expect((await other.login(user.email, user.password)).status).toBe(200);
    const before = b.cookies.get('opsdeck_session');
    const { body: flow } = await b.startFlow('settings');
    const weak = await b.submit(flow, 'settings', { method: 'password', password: 'short' });
    expect(weak.status).toBe(400);
    expect(nodeMessages(weak.body, 'password')[0]).toMatch(/at least 8 characters/);
    const { status } = await b.submit(flow, 'settings', {
      method: 'password',
      password: 'a-much-better-secret-1',
    });
    expect(status).toBe(200);
    // The other browser and this browser's old token are signed out; this browser got a new token.
    expect((await other.json('/api/auth/sessions/whoami')).status).toBe(401);
    const old = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: `opsdeck_session=${before}` },
    });
    expect(old.status).toBe(401);
    expect((await b.json('/api/auth/sessions/whoami')).status).toBe(200);
    expect((await new Browser(server.baseUrl).login(user.email, user.password)).status).toBe(400);
    expect((await new Browser(server.baseUrl).login(user.email, 'a-much-better-secret-1')).status).toBe(200);
  });

  it('asks to sign in again before a password change on an old session (session_refresh_required)', async () => {
    const { b } = await signedInBrowser();
    await server.db.query("UPDATE auth_sessions SET authenticated_at = now() - interval '1 hour'");
    const { body: flow } = await b.startFlow('settings');
    const { status, body } = await b.submit<ErrorAnswer>(flow, 'settings', {
      method: 'password',
      password: 'another-good-secret',
    });
    expect(status).toBe(403);
    expect(body.error.id).toBe('session_refresh_required');
    expect(body.redirect_browser_to).toMatch(/^\/login\?refresh=true/);
  });

  it('enrols TOTP with a generated code, then requires it at the next login (aal2)', async () => {
    const { user, b } = await signedInBrowser();
    const { body: flow } = await b.startFlow('settings');
    const secret = secretOf(flow);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(flow.ui.nodes.find((n) => n.attributes.name === 'totp_url')?.attributes.text?.text).toMatch(
      /^otpauth:\/\/totp\//,
    );
    const wrong = await b.submit(flow, 'settings', { method: 'totp', totp_code: '000000' });
    expect(wrong.status).toBe(400);
    expect(nodeMessages(wrong.body, 'totp_code')).toEqual([
      'The provided authentication code is invalid, please try again.',
    ]);
    const enrolCode = generateSync({ secret });
    const ok = await b.submit(flow, 'settings', { method: 'totp', totp_code: enrolCode });
    expect(ok.status).toBe(200);
    expect(ok.body.ui.nodes.some((n) => n.attributes.name === 'totp_unlink')).toBe(true);
    // The secret is stored encrypted, not in plain text.
    const { rows } = await server.db.query<{ totp_secret: string }>(
      'SELECT totp_secret FROM identities WHERE id = $1',
      [user.personId],
    );
    expect(rows[0]?.totp_secret).not.toContain(secret);

    const c = new Browser(server.baseUrl);
    expect((await c.login(user.email, user.password)).status).toBe(200);
    const who = await c.json<ErrorAnswer>('/api/auth/sessions/whoami');
    expect(who.status).toBe(403);
    expect(who.body.error.id).toBe('session_aal2_required');
    expect((await c.json('/api/auth/whoami')).status).toBe(403);
    const { body: second } = await c.startFlow('login', 'aal=aal2');
    expect(second.ui.nodes.map((n) => n.attributes.name)).toContain('totp_code');
    expect((await c.submit(second, 'login', { method: 'totp', totp_code: '123456' })).status).toBe(400);
    // The enrolment code was used already: the same code cannot sign in (replay).
    const replay = await c.submit(second, 'login', { method: 'totp', totp_code: enrolCode });
    expect(replay.status).toBe(400);
    // The next period's code (accepted for clock drift) works once.
    const next = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await c.submit<{ session: { authenticator_assurance_level: string } }>(second, 'login', {
      method: 'totp',
      totp_code: next,
    });
    expect(done.status).toBe(200);
    expect(done.body.session.authenticator_assurance_level).toBe('aal2');
    expect((await c.json('/api/auth/whoami')).status).toBe(200);

    // Unlinking removes the second factor: a password alone is enough again.
    const { body: settings } = await c.startFlow('settings');
    expect((await c.submit(settings, 'settings', { method: 'totp', totp_unlink: true })).status).toBe(200);
    const d = new Browser(server.baseUrl);
    await d.login(user.email, user.password);
    expect((await d.json('/api/auth/sessions/whoami')).status).toBe(200);
  });
});
