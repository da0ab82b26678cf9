import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { setRoles } from '../../src/auth/roles.js';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { freePort } from '../free-port.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { startOidcProvider, type OidcPeer } from '../peers/oidc-provider.js';
import { Browser } from './browser.js';
import { signInWithProvider } from './oidc-browser.js';

const OIDC_ENV = {
  AUTH_MODE: 'oidc',
  PUBLIC_URL: 'https://ops.example',
  OIDC_ISSUER: 'https://id.example/realms/ops',
  OIDC_CLIENT_ID: 'opsdeck',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return '';
}

describe('AUTH_MODE=oidc configuration', () => {
  it('reads the issuer, client, maps and the button label (default: the issuer host)', () => {
    const cfg = loadConfig({
      ...OIDC_ENV,
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'ops-admins=admin, oncall=responder',
      OIDC_ORG_CLAIM: 'orgs',
      ORGANISATIONS: 'acme=https://acme.example,globex=https://globex.example',
    }).auth.oidc;
    expect(cfg?.issuer.href).toBe('https://id.example/realms/ops');
    expect(cfg?.clientSecret).toBeUndefined();
    expect(cfg?.scopes).toBe('openid profile email');
    expect([...(cfg?.roleMap ?? [])]).toEqual([
      ['ops-admins', 'admin'],
      ['oncall', 'responder'],
    ]);
    expect([...(cfg?.organisations ?? [])].map(([n]) => n)).toEqual(['acme', 'globex']);
    expect(cfg?.providerName).toBe('id.example');
  });

  it('refuses to start with a clear message for each problem', () => {
    expect(configError({ AUTH_MODE: 'oidc', PUBLIC_URL: 'https://ops.example' })).toMatch(
      /OIDC_ISSUER: required when AUTH_MODE=oidc[\s\S]*OIDC_CLIENT_ID: required/,
    );
    expect(configError({ ...OIDC_ENV, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'ops=superuser' })).toMatch(
      /OIDC_ROLE_MAP: "superuser" is not a role/,
    );
    expect(configError({ ...OIDC_ENV, OIDC_ROLE_MAP: 'ops=admin' })).toMatch(/OIDC_ROLE_CLAIM: required/);
    expect(configError({ ...OIDC_ENV, ORGANISATIONS: 'acme' })).toMatch(
      /ORGANISATIONS: "acme" is not name=value/,
    );
    expect(configError({ ...OIDC_ENV, ORGANISATIONS: 'acme=ftp://x' })).toMatch(/not an http\(s\) URL/);
    expect(configError({ ...OIDC_ENV, OIDC_SCOPES: 'profile email' })).toMatch(
      /OIDC_SCOPES: must include "openid"/,
    );
    const { PUBLIC_URL: _publicUrl, ...withoutPublicUrl } = OIDC_ENV;
    expect(configError(withoutPublicUrl)).toMatch(/PUBLIC_URL: required when AUTH_MODE=oidc/);
    expect(configError({ ...OIDC_ENV, OIDC_ISSUER: 'http://id.example' })).toMatch(
      /OIDC_ISSUER: must be https/,
    );
    expect(configError({ ...OIDC_ENV, OIDC_ISSUER: 'http://127.0.0.1:5556' })).toBe('');
  });
});

/** One database kind is enough here: nothing below is about storage. */
describe('AUTH_MODE=oidc with a public client and an issuer that starts late', () => {
  let server: TestServer;
  let provider: OidcPeer | undefined;
  let issuerPort: number;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    issuerPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startTestServer(
      'pglite',
      {},
      {
        AUTH_MODE: 'oidc',
        PORT: String(port),
        PUBLIC_URL: base,
        OIDC_ISSUER: `http://127.0.0.1:${issuerPort}`,
        OIDC_CLIENT_ID: 'opsdeck-public',
      },
    );
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  it('starts while the issuer is down and says so at sign-in, then signs in once it is up (PKCE, no secret)', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const early = new Browser(base);
    const res = await early.fetch('/api/auth/oidc/login', { accept: 'html' });
    expect(res.status).toBe(303);
    const id = new URL(res.headers.get('location') ?? '', base).pathname.replace('/error/', '');
    const { body } = await early.json<{ error: { message: string } }>(
      `/api/auth/self-service/errors?id=${id}`,
    );
    expect(body.error.message).toMatch(/identity provider at http:\/\/127\.0\.0\.1:\d+\/ cannot be reached/);

    provider = await startOidcProvider({
      port: issuerPort,
      clients: [{ client_id: 'opsdeck-public', redirect_uris: [`${base}/api/auth/oidc/callback`] }],
      users: [{ sub: 'dana', name: 'Dana' }],
    });
    const b = new Browser(base);
    const done = await signInWithProvider(b, 'dana');
    expect(done.headers.get('location')).toBe('/');
    expect(b.cookies.get(SESSION_COOKIE)).toBeTruthy();
    const me = await b.json<{ payload: { roles: string[]; organisations: unknown[] } }>('/api/auth/whoami');
    // No role claim configured: a viewer; no organisations configured: an empty list.
    expect(me.body.payload).toMatchObject({ roles: ['viewer'], organisations: [] });
  });

  it('leaves roles given in Opsdeck alone when no role claim is configured', async () => {
    const b = new Browser(base);
    await signInWithProvider(b, 'dana');
    const me = await b.json<{ payload: { user: { id: string } } }>('/api/auth/whoami');
    await setRoles(server.db, me.body.payload.user.id, ['editor']);
    await signInWithProvider(b, 'dana');
    const again = await b.json<{ payload: { roles: string[] } }>('/api/auth/whoami');
    expect(again.body.payload.roles).toEqual(['editor']);
  });

  it('signs out even when the issuer has gone away since', async () => {
    const b = new Browser(base);
    await signInWithProvider(b, 'dana');
    await provider?.stop();
    provider = undefined;
    const { body } = await b.json<{ logout_url: string }>('/api/auth/self-service/logout/browser');
    const res = await b.fetch(body.logout_url, { accept: 'html' });
    // Discovery is kept, so the end-session URL is still known: the session ends here either way.
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/session\/end\?/);
    expect((await b.json('/api/auth/whoami')).status).toBe(401);
  });
});
