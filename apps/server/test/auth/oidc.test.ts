import { HOSTILE_RETURN_TO } from '@opsdeck/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../src/auth/access-tokens.js';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { freePort } from '../free-port.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';
import { startOidcProvider, type OidcPeer } from '../peers/oidc-provider.js';
import { Browser } from './browser.js';
import { reachCallback, signInWithProvider } from './oidc-browser.js';

const START_TIMEOUT = 300_000;

type Whoami = {
  payload: {
    user: { id: string; name: string; email: string | null };
    roles: string[];
    organisations?: { name: string; url: string; current: boolean }[];
  };
};

async function whoami(b: Browser): Promise<{ status: number; body: Whoami }> {
  const { status, body } = await b.json<Whoami>('/api/auth/whoami');
  return { status, body };
}

/** The reason the error page shows for a refused sign-in. */
async function refusal(b: Browser, res: Response): Promise<string> {
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(/^\/error\/[\w-]+$/);
  const id = location.slice('/error/'.length);
  const { body } = await b.json<{ error: { message: string } }>(`/api/auth/self-service/errors?id=${id}`);
  return body.error.message;
}

describe.each(DB_KINDS)('AUTH_MODE=oidc on %s', (kind) => {
  let provider: OidcPeer;
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({
      clients: [
        {
          client_id: 'opsdeck',
          client_secret: 'opsdeck-secret-0123456789',
          redirect_uris: [`${base}/api/auth/oidc/callback`],
          post_logout_redirect_uris: [`${base}/login`],
        },
      ],
      users: [
        {
          sub: 'alice',
          name: 'Alice Oncall',
          email: 'alice@example.com',
          groups: ['oncall'],
          orgs: ['acme', 'globex'],
        },
        { sub: 'bob', name: 'Bob', email: 'bob@example.com', groups: ['staff'] },
        {
          sub: 'mallory',
          name: 'Mallory',
          email: 'carol@example.com',
          email_verified: true,
          groups: ['ops-admins'],
        },
      ],
    });
    server = await startTestServer(
      kind,
      {},
      {
        AUTH_MODE: 'oidc',
        PORT: String(port),
        PUBLIC_URL: base,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'opsdeck',
        OIDC_CLIENT_SECRET: 'opsdeck-secret-0123456789',
        OIDC_SCOPES: 'openid profile email groups orgs',
        OIDC_ROLE_CLAIM: 'groups',
        OIDC_ROLE_MAP: 'ops-admins=admin,oncall=responder',
        OIDC_ORG_CLAIM: 'orgs',
        ORGANISATIONS: `acme=${base},globex=https://globex.example,initech=https://initech.example`,
        OIDC_PROVIDER_NAME: 'Loopback IdP',
      },
    );
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });
  afterEach(() => {
    if (provider) provider.tamperIdToken = null;
  });

  it('names the mode and the provider in /api/about', async () => {
    const about = await (await fetch(`${base}/api/about`)).json();
    expect(about).toMatchObject({ authMode: 'oidc', oidcProvider: 'Loopback IdP', registration: false });
  });

  it('signs in end to end: a session cookie of its own, roles from groups, organisations in whoami', async () => {
    const b = new Browser(base);
    const res = await signInWithProvider(b, 'alice', '?return_to=%2Fincidents%3Fstatus%3Dopen');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/incidents?status=open');
    expect(b.cookies.get(SESSION_COOKIE)).toBeTruthy();
    expect(b.cookies.has('opsdeck_oidc')).toBe(false);
    const me = await whoami(b);
    expect(me.status).toBe(200);
    expect(me.body.payload.user).toMatchObject({ name: 'Alice Oncall', email: 'alice@example.com' });
    expect(me.body.payload.roles).toEqual(['responder']);
    // initech is configured but Alice is not a member; globex is hers but served elsewhere.
    expect(me.body.payload.organisations).toEqual([
      { name: 'acme', url: base, current: true },
      { name: 'globex', url: 'https://globex.example', current: false },
    ]);
    const session = await b.json<{ active: boolean; identity: { traits: { email: string } } }>(
      '/api/auth/sessions/whoami',
    );
    expect(session.body).toMatchObject({
      active: true,
      identity: { traits: { email: 'alice@example.com' } },
    });
  });

  it('finds the same person at the next sign-in, by subject', async () => {
    const first = new Browser(base);
    await signInWithProvider(first, 'alice');
    const second = new Browser(base);
    await signInWithProvider(second, 'alice');
    expect((await whoami(second)).body.payload.user.id).toBe((await whoami(first)).body.payload.user.id);
  });

  it('only goes back to paths of this console', async () => {
    for (const returnTo of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const b = new Browser(base);
      const res = await signInWithProvider(b, 'bob', `?return_to=${encodeURIComponent(returnTo)}`);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('lands on this console for every hostile return_to (tabs, newlines, backslashes, userinfo…)', async () => {
    const origin = new URL(base).origin;
    for (const template of HOSTILE_RETURN_TO) {
      const raw = template.replaceAll('{host}', new URL(base).host);
      const value = new URLSearchParams(`v=${raw}`).get('v') ?? '';
      const leaves = new URL(value, `${origin}/`).origin !== origin;
      const b = new Browser(base);
      const res = await signInWithProvider(b, 'bob', `?return_to=${raw}`);
      const location = res.headers.get('location');
      expect(new URL(location ?? '', `${origin}/`).origin, raw).toBe(origin);
      if (leaves) expect(location, raw).toBe('/');
    }
  });

  it('re-reads the role at every sign-in; no mapped group means viewer', async () => {
    const b = new Browser(base);
    await signInWithProvider(b, 'bob');
    expect((await whoami(b)).body.payload.roles).toEqual(['viewer']);
    provider.users.set('bob', { sub: 'bob', name: 'Bob', email: 'bob@example.com', groups: ['ops-admins'] });
    await signInWithProvider(b, 'bob');
    expect((await whoami(b)).body.payload.roles).toEqual(['admin']);
    provider.users.set('bob', { sub: 'bob', name: 'Bob', email: 'bob@example.com', groups: ['oncall'] });
    await signInWithProvider(b, 'bob');
    expect((await whoami(b)).body.payload.roles).toEqual(['responder']);
  });

  it('never links by email: a subject with an existing account’s address gets a new person', async () => {
    const carol = await signIn(server, 'editor', 'carol@example.com');
    const b = new Browser(base);
    expect((await signInWithProvider(b, 'mallory')).headers.get('location')).toBe('/');
    const me = (await whoami(b)).body.payload;
    expect(me.user.id).not.toBe(carol.personId);
    // The address stays Carol's; Mallory's admin group applies to Mallory's own person only.
    expect(me.user.email).toBeNull();
    expect(me.roles).toEqual(['admin']);
    const carolMe = await (await fetch(`${base}/api/auth/whoami`, { headers: carol.headers })).json();
    expect((carolMe as Whoami).payload.roles).toEqual(['editor']);
  });

  it('keeps a person deactivated in Opsdeck out, and does not make a new one', async () => {
    provider.users.set('erin', { sub: 'erin', name: 'Erin' });
    const b = new Browser(base);
    await signInWithProvider(b, 'erin');
    const erinId = (await whoami(b)).body.payload.user.id;
    await server.db.query("UPDATE identities SET state = 'inactive' WHERE id = $1", [erinId]);
    const again = new Browser(base);
    expect(await refusal(again, await signInWithProvider(again, 'erin'))).toMatch(/removed or deactivated/);
    expect(again.cookies.has(SESSION_COOKIE)).toBe(false);
    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM people WHERE name = 'Erin'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses an ID token whose signature was tampered with', async () => {
    provider.tamperIdToken = (t) => `${t.slice(0, -6)}${t.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    const b = new Browser(base);
    expect(await refusal(b, await signInWithProvider(b, 'alice'))).toMatch(/refused: .*signature/i);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses an ID token for another audience, even when signed by the issuer', async () => {
    provider.tamperIdToken = (t) => provider.sign({ ...provider.payloadOf(t), aud: 'another-client' });
    const b = new Browser(base);
    expect(await refusal(b, await signInWithProvider(b, 'alice'))).toMatch(/refused: .*"aud"/);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses an expired ID token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    provider.tamperIdToken = (t) => provider.sign({ ...provider.payloadOf(t), iat: past - 60, exp: past });
    const b = new Browser(base);
    expect(await refusal(b, await signInWithProvider(b, 'alice'))).toMatch(/refused: .*"exp"/);
  });

  it('refuses a replayed ID token (an earlier sign-in’s nonce)', async () => {
    let earlier = '';
    provider.tamperIdToken = (t) => (earlier = t);
    await signInWithProvider(new Browser(base), 'alice');
    expect(earlier).not.toBe('');
    provider.tamperIdToken = () => earlier;
    const b = new Browser(base);
    expect(await refusal(b, await signInWithProvider(b, 'alice'))).toMatch(/refused: .*"nonce"/);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a callback replayed with its attempt cookie, and one with another browser’s state', async () => {
    const b = new Browser(base);
    const callback = await reachCallback(b, 'alice');
    const attempt = b.cookies.get('opsdeck_oidc') ?? '';
    expect((await b.fetch(callback, { accept: 'html' })).headers.get('location')).toBe('/');
    const replay = new Browser(base);
    replay.cookies.set('opsdeck_oidc', attempt);
    expect(await refusal(replay, await replay.fetch(callback, { accept: 'html' }))).toMatch(/refused/);
    // A code and state that belong to someone else's attempt.
    const victim = new Browser(base);
    const stolen = await reachCallback(victim, 'alice');
    const attacker = new Browser(base);
    await reachCallback(attacker, 'bob');
    expect(await refusal(attacker, await attacker.fetch(stolen, { accept: 'html' }))).toMatch(/refused/);
    // No attempt cookie at all.
    const bare = new Browser(base);
    expect(await refusal(bare, await bare.fetch(stolen, { accept: 'html' }))).toMatch(/sign in again/);
  });

  it('ends the session at logout and sends the browser to the issuer’s end-session endpoint', async () => {
    const b = new Browser(base);
    await signInWithProvider(b, 'alice');
    const { body } = await b.json<{ logout_url: string }>('/api/auth/self-service/logout/browser');
    const res = await b.fetch(body.logout_url, { accept: 'html' });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location') ?? '');
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/login`);
    expect(to.searchParams.get('client_id')).toBe('opsdeck');
    // The ID token of the sign-in, which some issuers (Okta) require.
    expect(provider.payloadOf(to.searchParams.get('id_token_hint') ?? '')).toMatchObject({
      sub: 'alice',
      aud: 'opsdeck',
    });
    expect((await whoami(b)).status).toBe(401);
    // The provider accepts the request (its sign-out confirmation page).
    expect((await fetch(to)).status).toBe(200);
  });

  it('keeps access tokens working (Bearer and Basic token:)', async () => {
    const b = new Browser(base);
    await signInWithProvider(b, 'alice');
    const personId = (await whoami(b)).body.payload.user.id;
    const { token } = await createAccessToken(server.db, personId, 'ci', null);
    const bearer = await fetch(`${base}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    const basic = Buffer.from(`token:${token}`).toString('base64');
    const viaBasic = await fetch(`${base}/api/auth/whoami`, { headers: { authorization: `Basic ${basic}` } });
    expect(viaBasic.status).toBe(200);
    // Passwords are the issuer's business: Basic email:password is refused in this mode.
    const password = Buffer.from('alice@example.com:whatever').toString('base64');
    const viaPassword = await fetch(`${base}/api/auth/whoami`, {
      headers: { authorization: `Basic ${password}` },
    });
    expect(viaPassword.status).toBe(401);
  });

  it('has no built-in password flows in this mode', async () => {
    const res = await fetch(`${base}/api/auth/self-service/login/browser`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(404);
  });
});
