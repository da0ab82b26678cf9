import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer } from '../health/peers.js';
import { startTestServer, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

/**
 * A stand-in for Ory Kratos on loopback that speaks the two endpoints Opsdeck uses:
 * sessions/whoami and a browser flow (Kratos itself is not on npm or Debian).
 */
async function startFakeKratos(): Promise<{ url: string; close(): Promise<void>; seen: string[] }> {
  const seen: string[] = [];
  const peer = await httpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/sessions/whoami') {
      if ((req.headers.cookie ?? '').includes('ory_kratos_session=good')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 's-1',
            active: true,
            identity: {
              id: 'k-1',
              traits: { email: 'kara@example.com', name: { first: 'Kara', last: 'Tos' } },
              // Verified: a person takes an address from Kratos only then (security/identity.test.ts).
              verifiable_addresses: [{ value: 'kara@example.com', via: 'email', verified: true }],
            },
          }),
        );
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { id: 'session_inactive', code: 401 } }));
      }
      return;
    }
    if (req.url?.startsWith('/self-service/login/browser')) {
      res.writeHead(303, {
        location: '/login?flow=kratos-flow',
        'set-cookie': 'csrf_token_x=abc; Path=/; HttpOnly',
      });
      res.end();
      return;
    }
    res.writeHead(404).end();
  });
  return { url: `http://127.0.0.1:${peer.port}`, seen, close: peer.close };
}

describe('AUTH_MODE=kratos', () => {
  let kratos: Awaited<ReturnType<typeof startFakeKratos>>;
  let server: TestServer;
  beforeAll(async () => {
    kratos = await startFakeKratos();
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'kratos', KRATOS_URL: kratos.url });
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await kratos.close();
  });

  it('maps a Kratos session to a person (created on first sight) and refuses requests without one', async () => {
    expect((await fetch(`${server.baseUrl}/api/auth/whoami`)).status).toBe(401);
    expect(
      (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { cookie: 'ory_kratos_session=bad' } }))
        .status,
    ).toBe(401);
    const res = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: 'ory_kratos_session=good' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      payload: { user: { name: string; email: string }; roles: string[] };
    };
    expect(body.payload.user).toMatchObject({ name: 'Kara Tos', email: 'kara@example.com' });
    expect(body.payload.roles).toEqual(['viewer']);
    const again = await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: 'ory_kratos_session=good' },
    });
    expect(((await again.json()) as { payload: { user: { id: string } } }).payload.user.id).toBeTruthy();
    const { rows } = await server.db.query("SELECT id FROM people WHERE email = 'kara@example.com'");
    expect(rows).toHaveLength(1);
  });

  it('forwards the self-service API and sessions/whoami to Kratos, with redirects and cookies', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/self-service/login/browser?return_to=/health`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?flow=kratos-flow');
    expect(res.headers.getSetCookie()[0]).toContain('csrf_token_x=abc');
    expect(kratos.seen).toContain('GET /self-service/login/browser?return_to=/health');
    const who = await fetch(`${server.baseUrl}/api/auth/sessions/whoami`, {
      headers: { cookie: 'ory_kratos_session=good' },
    });
    expect(who.status).toBe(200);
  });
});
