import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';
import { Browser, csrfOf, nodeMessages, type ErrorAnswer, type Flow, type SessionAnswer } from './browser.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

const GENERIC = 'Wrong email or password. Check both and try again.';

describe.each(DB_KINDS)('login flow on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('redirects a browser to the login page with the flow id, and serves the flow as JSON', async () => {
    const b = new Browser(server.baseUrl);
    const res = await b.fetch('/api/auth/self-service/login/browser?return_to=/health', { accept: 'html' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(/^\/login\?flow=[0-9a-f-]{36}$/);
    const id = location.split('=')[1];
    const { status, body } = await b.json<Flow>(`/api/auth/self-service/login/flows?id=${id}`);
    expect(status).toBe(200);
    expect(body.return_to).toBe('/health');
    expect(body.ui.action).toContain(`/api/auth/self-service/login?flow=${id}`);
    expect(body.ui.nodes.map((n) => n.attributes.name)).toEqual([
      'csrf_token',
      'identifier',
      'password',
      'method',
    ]);
  });

  it('signs in with the right password, sets an HttpOnly SameSite=Lax cookie, and whoami answers', async () => {
    const user = await signIn(server, 'editor');
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('login');
    const res = await b.fetch(`/api/auth/self-service/login?flow=${flow.id}`, {
      json: { csrf_token: csrfOf(flow), method: 'password', identifier: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('opsdeck_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const who = await b.json<SessionAnswer['session']>('/api/auth/sessions/whoami');
    expect(who.status).toBe(200);
    expect(who.body.identity.traits.email).toBe(user.email);
    expect(who.body.authenticator_assurance_level).toBe('aal1');
  });

  it('answers a wrong password or unknown account with one generic message', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    for (const [identifier, password] of [
      [user.email, 'wrong-password'],
      ['nobody@example.com', user.password],
    ]) {
      const { status, body } = await b.login(identifier ?? '', password ?? '');
      expect(status).toBe(400);
      expect((body as unknown as Flow).ui.messages?.map((m) => m.text)).toEqual([GENERIC]);
    }
    expect((await b.json('/api/auth/sessions/whoami')).status).toBe(401);
  });

  it('shows a message under each missing field', async () => {
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('login');
    const { status, body } = await b.submit(flow, 'login', {
      method: 'password',
      identifier: '',
      password: '',
    });
    expect(status).toBe(400);
    expect(nodeMessages(body, 'identifier')).toEqual(['Property identifier is missing.']);
    expect(nodeMessages(body, 'password')).toEqual(['Property password is missing.']);
  });

  it('refuses a submission without the CSRF token or cookie (403 security_csrf_violation)', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('login');
    const wrongToken = await b.json<ErrorAnswer>(`/api/auth/self-service/login?flow=${flow.id}`, {
      json: { csrf_token: 'forged', method: 'password', identifier: user.email, password: user.password },
    });
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.body.error.id).toBe('security_csrf_violation');
    // Right token, but from another browser (no CSRF cookie): still refused.
    const other = new Browser(server.baseUrl);
    const noCookie = await other.submit<ErrorAnswer>(flow, 'login', {
      method: 'password',
      identifier: user.email,
      password: user.password,
    });
    expect(noCookie.status).toBe(403);
    expect(noCookie.body.error.message).toBe(
      'A security violation was detected, please fill out the form again.',
    );
  });

  it('answers an expired flow with 410 self_service_flow_expired', async () => {
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('login');
    await server.db.query("UPDATE auth_flows SET expires_at = now() - interval '1 second' WHERE id = $1", [
      flow.id,
    ]);
    const { status, body } = await b.submit<ErrorAnswer>(flow, 'login', {
      method: 'password',
      identifier: 'a@b.c',
      password: 'x',
    });
    expect(status).toBe(410);
    expect(body.error.id).toBe('self_service_flow_expired');
    expect((await b.json(`/api/auth/self-service/login/flows?id=${flow.id}`)).status).toBe(410);
  });

  it('rotates the session at login and revokes it at logout', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    await b.login(user.email, user.password);
    const first = b.cookies.get('opsdeck_session');
    // Signing in again (refresh) replaces the token; the old one stops working.
    const { body: refresh } = await b.startFlow('login', 'refresh=true');
    expect(refresh.ui.messages?.map((m) => m.text)).toEqual([
      'Please confirm this action by verifying that it is you.',
    ]);
    expect(
      (
        await b.submit(refresh, 'login', {
          method: 'password',
          identifier: user.email,
          password: user.password,
        })
      ).status,
    ).toBe(200);
    const second = b.cookies.get('opsdeck_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const old = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: `opsdeck_session=${first}` },
    });
    expect(old.status).toBe(401);
    const { body: logout } = await b.json<{ logout_url: string; logout_token: string }>(
      '/api/auth/self-service/logout/browser',
    );
    expect(logout.logout_url).toContain(`/api/auth/self-service/logout?token=${logout.logout_token}`);
    const out = await b.fetch(logout.logout_url, { accept: 'html' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login');
    const after = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: `opsdeck_session=${second}` },
    });
    expect(after.status).toBe(401);
  });

  it('reports an existing session instead of a second login, and refuses foreign return_to', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    await b.login(user.email, user.password);
    const again = await b.startFlow('login');
    expect(again.status).toBe(400);
    expect((again.body as unknown as ErrorAnswer).error.id).toBe('session_already_available');
    const anon = new Browser(server.baseUrl);
    const foreign = await anon.startFlow('login', 'return_to=https://evil.example/');
    expect(foreign.status).toBe(400);
    expect((foreign.body as unknown as ErrorAnswer).error.message).toBe(
      'The return_to address is not allowed.',
    );
  });

  it('requires a same-origin Origin on cookie-authenticated writes', async () => {
    const user = await signIn(server, 'viewer');
    const post = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/auth/create_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.headers.cookie ?? '', ...headers },
        body: JSON.stringify({ name: 'ci', expiry: '30d' }),
      });
    const missing = await post({});
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error: string }).error).toMatch(/Origin/);
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ referer: `${server.baseUrl}/settings/tokens` })).status).toBe(201);
    expect((await post({ origin: server.baseUrl })).status).toBe(201);
  });

  it('ends a session after the idle timeout and after its absolute lifetime', async () => {
    const idle = await signIn(server, 'viewer');
    const lifetime = await signIn(server, 'viewer');
    await server.db.query(
      "UPDATE auth_sessions SET last_seen_at = now() - interval '25 hours' WHERE identity_id = $1",
      [idle.personId],
    );
    await server.db.query(
      "UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE identity_id = $1",
      [lifetime.personId],
    );
    expect((await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: idle.headers })).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: lifetime.headers })).status).toBe(
      401,
    );
  });

  it('sends a plain form browser to the error page, whose error the API serves', async () => {
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('login');
    const res = await b.fetch(`/api/auth/self-service/login?flow=${flow.id}`, {
      form: { csrf_token: 'forged', method: 'password', identifier: 'a@b.c', password: 'x' },
      accept: 'html',
    });
    expect(res.status).toBe(303);
    const id = (res.headers.get('location') ?? '').replace('/error/', '');
    const { status, body } = await b.json<{ id: string; error: { code: number; message: string } }>(
      `/api/auth/self-service/errors?id=${id}`,
    );
    expect(status).toBe(200);
    expect(body.error).toMatchObject({
      code: 403,
      message: 'A security violation was detected, please fill out the form again.',
    });
  });

  it('answers sessions/whoami with 401 session_inactive without a cookie', async () => {
    const { status, body } = await new Browser(server.baseUrl).json<ErrorAnswer>('/api/auth/sessions/whoami');
    expect(status).toBe(401);
    expect(body.error.id).toBe('session_inactive');
  });
});

describe('behind https (PUBLIC_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {},
      { AUTH_MODE: 'builtin', PUBLIC_URL: 'https://ops.example.com' },
    );
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('marks the session cookie Secure and accepts the public origin on writes', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    const { body: flow } = await b.startFlow('login');
    expect(flow.ui.action).toMatch(/^https:\/\/ops\.example\.com\/api\/auth\/self-service\/login\?flow=/);
    const res = await b.fetch(`/api/auth/self-service/login?flow=${flow.id}`, {
      json: { csrf_token: csrfOf(flow), method: 'password', identifier: user.email, password: user.password },
    });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('opsdeck_session='))).toMatch(/; Secure/);
    const write = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: {
        cookie: user.headers.cookie ?? '',
        origin: 'https://ops.example.com',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(write.status).toBe(201);
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {},
      { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_ACCOUNT: '3', AUTH_RATE_LIMIT_IP: '20' },
    );
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('answers 429 JSON after too many attempts on one account, even with the right password', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    for (let i = 0; i < 3; i++) expect((await b.login(user.email, 'wrong-password')).status).toBe(400);
    const blocked = await b.login(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect((blocked.body as unknown as ErrorAnswer).error.message).toMatch(/Too many attempts/);
    // Another account from the same client is not affected by this account's limit.
    const other = await signIn(server, 'viewer');
    expect((await b.login(other.email, other.password)).status).toBe(200);
  });

  it('limits Basic email:password like the login form', async () => {
    const user = await signIn(server, 'viewer');
    const basic = (pw: string) =>
      fetch(`${server.baseUrl}/api/auth/whoami`, {
        headers: { authorization: `Basic ${Buffer.from(`${user.email}:${pw}`).toString('base64')}` },
      });
    // Successful calls do not count: a script may call as often as it likes.
    for (let i = 0; i < 5; i++) expect((await basic(user.password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await basic('wrong-password')).status).toBe(401);
    const res = await basic(user.password);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: string }).error).toMatch(/Too many attempts/);
  });

  it('limits recovery requests for one address', async () => {
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { body: flow } = await b.startFlow('recovery');
      statuses.push((await b.submit(flow, 'recovery', { method: 'code', email: user.email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers 429 to a client that keeps sending wrong access tokens', async () => {
    const bearer = (token: string) =>
      fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
    const wrong = `od_${'0'.repeat(32)}.${'x'.repeat(43)}`;
    for (let i = 0; i < 20; i++) expect((await bearer(wrong)).status).toBe(401);
    const res = await bearer(wrong);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: string }).error).toMatch(/Too many attempts/);
  });
});
