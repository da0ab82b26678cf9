import { HOSTILE_RETURN_TO } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { Browser, csrfOf, type ErrorAnswer, type Flow, type SessionAnswer } from '../auth/browser.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;
const FLOWS = ['login', 'registration', 'recovery', 'verification', 'settings'] as const;

type Variant = { raw: string; leaves: boolean };

/**
 * The hostile return_to values for this server, each with what a browser would do with it once
 * the query string is decoded: `leaves` when resolving it against the console (the WHATWG URL
 * parser every browser uses) lands on another origin or a non-http scheme.
 */
function variants(base: string): Variant[] {
  const origin = new URL(base).origin;
  return HOSTILE_RETURN_TO.map((template) => {
    const raw = template.replaceAll('{host}', new URL(base).host);
    const value = new URLSearchParams(`v=${raw}`).get('v') ?? '';
    const lands = new URL(value, `${origin}/`);
    return { raw, leaves: lands.origin !== origin || !/^https?:$/.test(lands.protocol) };
  });
}

/** Where a redirect or a continue_with address sends the browser, resolved as it would. */
const landsOn = (base: string, to: string | null | undefined) => new URL(to ?? '', `${base}/`).origin;

/**
 * Issue 37, finding 6: `/login?return_to=%2F%09%2Fevil.example%2F` was accepted and the browser
 * landed on evil.example after signing in; logout took the same tab form. One rule now
 * (`sameOriginReturnTo`, flows/http.ts `checkReturnTo`) decides for every flow.
 */
describe.each(DB_KINDS)('return_to stays on this console, on %s', (kind) => {
  let server: TestServer;
  let base: string;
  let all: Variant[];

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    base = server.baseUrl;
    all = variants(base);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  /** A browser with a live session (for the settings flow and logout). */
  async function signedIn(): Promise<Browser> {
    const user = await signIn(server, 'viewer');
    const b = new Browser(base);
    b.cookies.set(SESSION_COOKIE, (user.headers.cookie ?? '').split('=')[1] ?? '');
    return b;
  }

  it('has hostile values that would leave and encoded ones that stay', () => {
    expect(all.filter((v) => v.leaves).length).toBeGreaterThanOrEqual(30);
    expect(all.some((v) => !v.leaves)).toBe(true);
    expect(all.find((v) => v.raw === '%2F%09%2Fevil.example%2Fx')?.leaves).toBe(true);
  });

  it.each(FLOWS)(
    'the %s flow refuses every return_to that would leave, and keeps the rest here',
    async (flowKind) => {
      const b = flowKind === 'settings' ? await signedIn() : new Browser(base);
      for (const v of all) {
        const res = await b.json<Flow & ErrorAnswer>(
          `/api/auth/self-service/${flowKind}/browser?return_to=${v.raw}`,
        );
        if (v.leaves) {
          expect(res.status, v.raw).toBe(400);
          expect(res.body.error.id, v.raw).toBe('self_service_flow_return_to_forbidden');
        } else {
          expect(res.body.error?.id, v.raw).not.toBe('self_service_flow_return_to_forbidden');
          if (res.status === 200) expect(landsOn(base, res.body.return_to), v.raw).toBe(base);
        }
        // A plain browser (no JSON) is not redirected anywhere else either.
        const html = await b.fetch(`/api/auth/self-service/${flowKind}/browser?return_to=${v.raw}`, {
          accept: 'html',
        });
        expect(landsOn(base, html.headers.get('location')), v.raw).toBe(base);
      }
    },
  );

  it('after signing in, the browser lands on this console whatever return_to said', async () => {
    const user = await signIn(server, 'viewer');
    for (const v of all) {
      const b = new Browser(base);
      const created = await b.startFlow('login', `return_to=${v.raw}`);
      // A refused return_to: the web app starts the flow again without it.
      const flow = created.status === 200 ? created.body : (await b.startFlow('login')).body;
      const res = await b.submit<SessionAnswer & { continue_with: { redirect_browser_to?: string }[] }>(
        flow,
        'login',
        { method: 'password', identifier: user.email, password: user.password },
      );
      expect(res.status, v.raw).toBe(200);
      const to = res.body.continue_with.find((c) => c.redirect_browser_to)?.redirect_browser_to;
      expect(landsOn(base, to), v.raw).toBe(base);
      if (v.leaves) expect(to, v.raw).toBe('/');
    }
  });

  it('a form post sign-in (no JavaScript) is redirected to this console too', async () => {
    const user = await signIn(server, 'viewer');
    for (const v of all.filter((x) => !x.leaves)) {
      const b = new Browser(base);
      const { body: flow } = await b.startFlow('login', `return_to=${v.raw}`);
      const res = await b.fetch(`/api/auth/self-service/login?flow=${flow.id}`, {
        form: {
          csrf_token: csrfOf(flow),
          method: 'password',
          identifier: user.email,
          password: user.password,
        },
        accept: 'html',
      });
      expect(res.status, v.raw).toBe(303);
      expect(landsOn(base, res.headers.get('location')), v.raw).toBe(base);
    }
  });

  it('logout goes to the login page for every return_to that would leave', async () => {
    for (const v of all) {
      const b = await signedIn();
      const { body } = await b.json<{ logout_token: string }>('/api/auth/self-service/logout/browser');
      const res = await b.fetch(
        `/api/auth/self-service/logout?token=${body.logout_token}&return_to=${v.raw}`,
        {
          accept: 'html',
        },
      );
      expect(res.status, v.raw).toBe(303);
      const location = res.headers.get('location');
      expect(landsOn(base, location), v.raw).toBe(base);
      if (v.leaves) expect(location, v.raw).toBe('/login');
    }
  });

  it('still takes paths and absolute URLs of this console', async () => {
    const b = new Browser(base);
    const path = await b.startFlow('login', `return_to=${encodeURIComponent('/catalog?type=x#top')}`);
    expect(path.body.return_to).toBe('/catalog?type=x#top');
    const absolute = await b.startFlow('login', `return_to=${encodeURIComponent(`${base}/health`)}`);
    expect(absolute.body.return_to).toBe('/health');
  });
});
