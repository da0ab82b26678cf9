import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicPattern } from '../../src/auth/public-routes.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { rawRequest, type RawResponse } from './raw-http.js';
import { apiRoutes, pathVariants, samplePath } from './route-variants.js';

const START_TIMEOUT = 300_000;

type Attempt = { method: string; target: string; answer: RawResponse | 'reset' };

/** Sends every variant of every route without credentials, a few at a time. */
async function attack(server: TestServer, routes: { method: string; url: string }[]): Promise<Attempt[]> {
  const port = Number(new URL(server.baseUrl).port);
  const jobs = routes.flatMap((r) =>
    pathVariants(samplePath(r.url), port).map((target) => ({ method: r.method, target })),
  );
  const attempts: Attempt[] = [];
  for (let i = 0; i < jobs.length; i += 16) {
    const batch = jobs.slice(i, i + 16);
    const answers = await Promise.all(
      batch.map((j) =>
        rawRequest(port, {
          method: j.method,
          target: j.target,
          ...(j.method === 'GET' || j.method === 'DELETE'
            ? {}
            : {
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email: 'attacker@example.com', role: 'admin', roles: ['admin'] }),
              }),
        }),
      ),
    );
    batch.forEach((j, k) => attempts.push({ ...j, answer: answers[k]! }));
  }
  return attempts;
}

/** Refused means: an answer, and one of 401, 404, 405 or the edge's 400 — never the handler's. */
function notRefused(attempts: Attempt[]): string[] {
  return attempts
    .filter(({ answer }) => {
      if (answer === 'reset') return true;
      if ([401, 404, 405].includes(answer.status)) return false;
      return !(answer.status === 400 && /"error":"The URL/.test(answer.body));
    })
    .map(
      ({ method, target, answer }) => `${method} ${target} → ${answer === 'reset' ? 'reset' : answer.status}`,
    );
}

describe.each(DB_KINDS)('route guard on %s: no route answers an outsider unless it is public', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_IP: '1000000' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('knows the routes it protects from the router itself', () => {
    const routes = apiRoutes(server.routes);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.url === '/api/auth/invite_user')).toBe(true);
    expect(routes.filter((r) => !isPublicPattern(r.method, r.url)).length).toBeGreaterThan(20);
  });

  it('refuses every spelling of every non-public route without credentials', async () => {
    const protectedRoutes = apiRoutes(server.routes).filter((r) => !isPublicPattern(r.method, r.url));
    const attempts = await attack(server, protectedRoutes);
    expect(attempts.length).toBeGreaterThan(500);
    expect(notRefused(attempts)).toEqual([]);
  }, 300_000);

  it('does not let an encoded path invite an admin', async () => {
    const port = Number(new URL(server.baseUrl).port);
    for (const target of ['/%61pi/auth/invite_user', '/api/auth/%69nvite_user', '//api/auth/invite_user']) {
      const answer = await rawRequest(port, {
        method: 'POST',
        target,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'new-admin@example.com',
          role: 'admin',
          firstName: 'A',
          lastName: 'B',
        }),
      });
      expect([401, 404], target).toContain(answer === 'reset' ? 'reset' : answer.status);
    }
    const { rows } = await server.db.query("SELECT 1 FROM people WHERE email = 'new-admin@example.com'");
    expect(rows).toEqual([]);
  });

  it('still serves the public routes without credentials', async () => {
    const port = Number(new URL(server.baseUrl).port);
    for (const target of ['/api/about', '/healthz', '/api/auth/self-service/login/browser']) {
      const answer = await rawRequest(port, {
        method: 'GET',
        target,
        headers: { accept: 'application/json' },
      });
      expect(answer === 'reset' ? 'reset' : answer.status, target).toBeLessThan(400);
    }
  });

  it('lets a playbook webhook through to its own authentication, and only the webhook path', async () => {
    expect(isPublicPattern('POST', '/api/playbook/webhook/*')).toBe(true);
    expect(isPublicPattern('GET', '/api/playbook/webhook/*')).toBe(true);
    expect(isPublicPattern('POST', '/api/playbook/run')).toBe(false);
    const port = Number(new URL(server.baseUrl).port);
    const answer = await rawRequest(port, { method: 'POST', target: '/api/playbook/webhook/no-such-hook' });
    // The route answered (no playbook has that path), not the guard's 401.
    expect(answer === 'reset' ? 'reset' : answer.status).toBe(404);
  });
});

describe('APP_MODE=checker serves the health summary (and the dashboard page of it) and nothing else, however it is spelled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { APP_MODE: 'checker', AUTH_MODE: 'builtin' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('answers 404 to every other route and its variants', async () => {
    const allowed = new Set([
      '/api/canary/api/summary',
      '/api/health/dashboard',
      '/api/about',
      '/healthz',
      '/readyz',
      '/metrics',
    ]);
    const others = apiRoutes(server.routes).filter((r) => !allowed.has(r.url));
    const attempts = await attack(server, others);
    const leaked = attempts.filter(
      ({ answer }) => answer === 'reset' || ![400, 404, 405].includes(answer.status),
    );
    expect(leaked.map((a) => `${a.method} ${a.target}`)).toEqual([]);
  }, 300_000);

  it('serves the summary', async () => {
    const res = await fetch(`${server.baseUrl}/api/canary/api/summary`);
    expect(res.status).toBe(200);
  });
});

describe('AUTH_MODE=none refuses hosts a rebinding page would send', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {},
      { AUTH_MODE: 'none', PUBLIC_URL: 'https://ops.example.com' },
    );
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('answers 421 to a foreign Host, GETs included, and serves loopback names and PUBLIC_URL', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const status = async (host: string) => {
      const answer = await rawRequest(port, { method: 'GET', target: '/api/auth/whoami', headers: { host } });
      return answer === 'reset' ? 'reset' : answer.status;
    };
    expect(await status('evil.example')).toBe(421);
    expect(await status(`evil.example:${port}`)).toBe(421);
    expect(await status('127.0.0.1.evil.example')).toBe(421);
    expect(await status('')).toBe(421);
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`[::1]:${port}`)).toBe(200);
    expect(await status('ops.example.com')).toBe(200);
    const page = await rawRequest(port, { method: 'GET', target: '/', headers: { host: 'evil.example' } });
    expect(page === 'reset' ? 'reset' : page.status).toBe(421);
  });
});
