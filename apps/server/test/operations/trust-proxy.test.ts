import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { parseTrustProxy } from '../../src/trust-proxy.js';
import { signIn, startTestServer, type TestServer } from '../helpers.js';

const START_TIMEOUT = 300_000;
const WRONG_TOKEN = `od_${'0'.repeat(32)}.${'x'.repeat(43)}`;

/** A wrong access token from `client` (as a proxy in front would say), as the per-address limit sees it. */
function wrongToken(server: TestServer, forwardedFor?: string): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${WRONG_TOKEN}` };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return fetch(`${server.baseUrl}/api/auth/whoami`, { headers });
}

/** The anti-CSRF cookie a browser gets when it starts signing in, with its attributes. */
async function csrfCookie(server: TestServer, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/self-service/login/browser`, {
    headers: { accept: 'application/json', ...headers },
    redirect: 'manual',
  });
  return res.headers.getSetCookie().find((c) => c.startsWith('opsdeck_csrf=')) ?? '';
}

async function proxyServer(trustProxy: string | undefined): Promise<TestServer> {
  const env: Record<string, string> = { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_IP: '3' };
  if (trustProxy !== undefined) env.TRUST_PROXY = trustProxy;
  return startTestServer('pglite', {}, env);
}

describe('TRUST_PROXY values', () => {
  it('takes false, true, a number of proxies, addresses and CIDR ranges', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('true')).toEqual({ kind: 'all' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback')).toEqual({
      kind: 'addresses',
      list: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses a value it cannot use, naming it', () => {
    const load = (v: string) => () => loadConfig({ TRUST_PROXY: v, DATA_DIR: '/nonexistent' });
    expect(load('10.0.0.0/33')).toThrow(
      /TRUST_PROXY: "10\.0\.0\.0\/33" is neither true\/false, a number of proxies/,
    );
    expect(load('proxy.example.com')).toThrow(/TRUST_PROXY: "proxy\.example\.com" is neither/);
    expect(load('50')).toThrow(/TRUST_PROXY: "50" proxies in front of the server is not plausible/);
  });
});

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await proxyServer(undefined);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('ignores X-Forwarded-For: every client behind a proxy shares the proxy address and its limit', async () => {
    for (let i = 0; i < 3; i++) expect((await wrongToken(server, '203.0.113.1')).status).toBe(401);
    expect((await wrongToken(server, '203.0.113.2')).status).toBe(429);
  });

  it('ignores X-Forwarded-Proto: no Secure cookie over plain http', async () => {
    expect(await csrfCookie(server, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
  });

  it('explains a cross-site refusal behind a TLS proxy: PUBLIC_URL and TRUST_PROXY', async () => {
    const user = await signIn(server, 'viewer');
    const res = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: {
        cookie: user.headers.cookie ?? '',
        origin: 'https://ops.example.com',
        'x-forwarded-proto': 'https',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/Behind a proxy, set PUBLIC_URL to the address browsers use/);
    expect(error).toMatch(/TRUST_PROXY/);
  });
});

describe.each([
  ['1', 'one proxy'],
  ['127.0.0.0/8', "the proxy's network"],
  ['127.0.0.1', "the proxy's address"],
])('TRUST_PROXY=%s (%s)', (setting) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await proxyServer(setting);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('limits each client by the address the proxy forwards, which a client cannot forge', async () => {
    for (let i = 0; i < 3; i++) expect((await wrongToken(server, '203.0.113.1')).status).toBe(401);
    expect((await wrongToken(server, '203.0.113.1')).status).toBe(429);
    // Another client behind the same proxy is not locked out with the first.
    expect((await wrongToken(server, '203.0.113.2')).status).toBe(401);
    // The first client writing an address of its own in front: the proxy appends the real one.
    expect((await wrongToken(server, '198.51.100.9, 203.0.113.1')).status).toBe(429);
  });

  it('believes X-Forwarded-Proto: https, so cookies are Secure', async () => {
    expect(await csrfCookie(server, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
    expect(await csrfCookie(server, {})).not.toMatch(/Secure/);
  });
});

describe('TRUST_PROXY naming other proxies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await proxyServer('10.0.0.0/8');
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('ignores forwarded headers from an address outside the list', async () => {
    for (let i = 0; i < 3; i++) expect((await wrongToken(server, '203.0.113.1')).status).toBe(401);
    expect((await wrongToken(server, '203.0.113.2')).status).toBe(429);
    expect(await csrfCookie(server, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
  });
});

describe('METRICS_TOKEN', () => {
  let server: TestServer;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { METRICS_TOKEN: token });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('serves /metrics only to Authorization: Bearer <METRICS_TOKEN>', async () => {
    const get = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/metrics`, { headers });
    const none = await get();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await none.json()) as { error: string }).error).toMatch(/METRICS_TOKEN/);
    expect((await get({ authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const ok = await get({ authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('opsdeck_http_requests_total');
  });

  it('refuses a token too short to be one', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short', DATA_DIR: '/nonexistent' })).toThrow(/METRICS_TOKEN/);
  });
});
