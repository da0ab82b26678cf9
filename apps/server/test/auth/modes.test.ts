import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { openPglite } from '../../src/db/pglite.js';
import { signIn, startTestServer, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

type Whoami = {
  message: string;
  payload: {
    user: { id: string; email: string; name: string };
    roles: string[];
    permissions: string[];
    hostname: string;
  };
};
type About = { appMode: string; authMode: string };

describe('AUTH_MODE=none', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'none', ADMIN_EMAIL: 'me@localhost' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('acts as the configured local admin without signing in', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/whoami`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Whoami;
    expect(body.message).toBe('success');
    expect(body.payload.user).toMatchObject({ email: 'me@localhost', name: 'Local admin' });
    expect(body.payload.roles).toEqual(['admin']);
    expect(body.payload.permissions).toContain('identities:write');
    expect(typeof body.payload.hostname).toBe('string');
  });

  it('answers sessions/whoami with a session of the local admin', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/sessions/whoami`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { active: boolean; identity: { traits: { email: string } } };
    expect(body.active).toBe(true);
    expect(body.identity.traits.email).toBe('me@localhost');
  });

  it('tells the web app its modes in /api/about', async () => {
    const about = (await (await fetch(`${server.baseUrl}/api/about`)).json()) as About;
    expect(about).toMatchObject({ appMode: 'full', authMode: 'none' });
  });

  it('still refuses cross-site browser writes', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    // POST whoami is no route: the 404 shows the request got past nothing it should not.
    expect([403, 404]).toContain(res.status);
  });

  it('refuses to start on a non-loopback address unless ALLOW_INSECURE=true', async () => {
    const env = { LOG_LEVEL: 'silent', PORT: '0', AUTH_MODE: 'none', HOST: '0.0.0.0' };
    expect(() => loadConfig(env)).toThrow(/ALLOW_INSECURE=true/);
    expect(loadConfig({ ...env, ALLOW_INSECURE: 'true' }).auth.mode).toBe('none');
    // The server itself checks again, whatever built its configuration.
    const db = await openPglite(null);
    try {
      const config = loadConfig(
        { LOG_LEVEL: 'silent', PORT: '0', AUTH_MODE: 'none' },
        { webDir: '/x', host: '0.0.0.0' },
      );
      await expect(startServer(config, { db, scheduler: false })).rejects.toThrow(ConfigError);
    } finally {
      await db.close();
    }
  });
});

describe('AUTH_MODE=builtin guards every API route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'builtin' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('answers 401 JSON without credentials, and public endpoints stay open', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/whoami`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required' });
    expect((await fetch(`${server.baseUrl}/api/about`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(200);
    const unknown = await fetch(`${server.baseUrl}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Route GET /api/does-not-exist not found' });
  });

  it('returns the person, roles and permissions of a session', async () => {
    const user = await signIn(server, 'responder');
    const body = (await (
      await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: user.headers })
    ).json()) as Whoami;
    expect(body.payload.user).toMatchObject({ id: user.personId, email: user.email });
    expect(body.payload.roles).toEqual(['responder']);
    expect(body.payload.permissions).toContain('incident:write');
    expect(body.payload.permissions).not.toContain('canaries:write');
  });

  it('treats a person without roles as a viewer', async () => {
    const user = await signIn(server, null);
    const body = (await (
      await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: user.headers })
    ).json()) as Whoami;
    expect(body.payload.roles).toEqual(['viewer']);
  });
});

describe('APP_MODE=checker', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'builtin', APP_MODE: 'checker' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('serves about and health without login, and nothing else under /api', async () => {
    const about = (await (await fetch(`${server.baseUrl}/api/about`)).json()) as About;
    expect(about.appMode).toBe('checker');
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const summary = await fetch(`${server.baseUrl}/api/canary/api/summary`);
    expect(summary.status).toBe(200);
    // The dashboard reads its page of checks there.
    expect((await fetch(`${server.baseUrl}/api/health/dashboard`)).status).toBe(200);
    for (const path of [
      '/api/auth/whoami',
      '/api/properties',
      '/api/db/people',
      '/api/auth/self-service/login/browser',
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
