import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

/**
 * Issue 37, finding 10: with `Origin: null` (a sandboxed frame, a data: page) the Origin check fell
 * back to the Referer, which such a page can set to the console's own address.
 */
describe.each(DB_KINDS)('cookie-authenticated writes and the Origin header, on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    admin = await signIn(server, 'admin');
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  const write = (method: string, path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { cookie: admin.headers.cookie ?? '', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  const WRITES = [
    ['POST', '/api/auth/create_token', { name: 'ci', expiry: '30d' }],
    ['POST', '/api/db/teams', { name: 'team-from-null' }],
    ['PATCH', '/api/db/teams?name=eq.nobody', { icon: 'x' }],
  ] as const;

  it('refuses Origin: null with 403, even with a same-origin Referer', async () => {
    for (const [method, path, body] of WRITES) {
      for (const headers of <Record<string, string>[]>[
        { origin: 'null' },
        { origin: 'null', referer: `${server.baseUrl}/settings` },
        { origin: '', referer: `${server.baseUrl}/settings` },
      ]) {
        const res = await write(method, path, headers, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(((await res.json()) as { error: string }).error).toMatch(/Cross-site request refused/);
      }
    }
    const { rows } = await server.db.query("SELECT 1 FROM teams WHERE name = 'team-from-null'");
    expect(rows).toHaveLength(0);
  });

  it('still takes a same-origin Origin, and a same-origin Referer when no Origin is sent', async () => {
    const withOrigin = await write(
      'POST',
      '/api/auth/create_token',
      { origin: server.baseUrl },
      {
        name: 'a',
        expiry: '30d',
      },
    );
    expect(withOrigin.status).toBe(201);
    const withReferer = await write(
      'POST',
      '/api/auth/create_token',
      { referer: `${server.baseUrl}/x` },
      {
        name: 'b',
        expiry: '30d',
      },
    );
    expect(withReferer.status).toBe(201);
    const foreign = await write(
      'POST',
      '/api/auth/create_token',
      { referer: 'https://evil.example/x' },
      {
        name: 'c',
        expiry: '30d',
      },
    );
    expect(foreign.status).toBe(403);
  });
});
