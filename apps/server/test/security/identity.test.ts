import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { publicBaseFor, publicUrlWarning } from '../../src/public-url.js';
import { Browser, csrfOf, type Flow } from '../auth/browser.js';
import { httpServer } from '../health/peers.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;
const EVIL_HOST = 'evil.example';

type TokenAnswer = { payload: { id: string; token: string } };

async function createToken(server: TestServer, user: SignedIn, expiry: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}/api/auth/create_token`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'script', expiry }),
  });
}

async function tokenFor(server: TestServer, user: SignedIn): Promise<string> {
  const res = await createToken(server, user, '30d');
  expect(res.status).toBe(201);
  return ((await res.json()) as TokenAnswer).payload.token;
}

async function whoamiStatus(server: TestServer, authorization: string): Promise<number> {
  return (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers: { authorization } })).status;
}

/**
 * A request as a client that names another Host (a forged header, a DNS-rebinding page, a
 * proxy passing Host through). fetch() cannot set Host; undici's request can.
 */
async function asHost<T>(
  b: Browser,
  host: string,
  urlPath: string,
  init: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { host, accept: 'application/json', ...init.headers };
  if (b.cookies.size) headers.cookie = b.cookieHeader();
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`${b.base}${urlPath}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const setCookie = res.headers['set-cookie'];
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    b.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  const text = await res.body.text();
  return { status: res.statusCode, body: (text ? JSON.parse(text) : null) as T };
}

/** The mails written to DATA_DIR/outbox for one address, quoted-printable undone enough to read links. */
function outboxMailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((mail) => mail.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}

describe.each(DB_KINDS)('access tokens of deactivated people on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Token creation counts against the per-account limit; the expiry cases below are many.
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_ACCOUNT: '50' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('refuses Bearer and Basic token: at once when the person is deactivated, and again when deleted', async () => {
    const admin = await signIn(server, 'admin');
    const user = await signIn(server, 'editor');
    const token = await tokenFor(server, user);
    const bearer = `Bearer ${token}`;
    const basic = `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;
    expect(await whoamiStatus(server, bearer)).toBe(200);
    expect(await whoamiStatus(server, basic)).toBe(200);

    const setState = (state: 'active' | 'inactive') =>
      fetch(`${server.baseUrl}/api/people/update`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id: user.personId, state }),
      });
    expect((await setState('inactive')).status).toBe(200);
    expect(await whoamiStatus(server, bearer)).toBe(401);
    expect(await whoamiStatus(server, basic)).toBe(401);
    // Writes too, not only reads.
    const write = await fetch(`${server.baseUrl}/api/auth/create_token`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'after deactivation' }),
    });
    expect(write.status).toBe(401);

    // The token was refused, not destroyed: reactivation brings it back.
    expect((await setState('active')).status).toBe(200);
    expect(await whoamiStatus(server, bearer)).toBe(200);

    await server.db.query('UPDATE people SET deleted_at = now() WHERE id = $1', [user.personId]);
    expect(await whoamiStatus(server, bearer)).toBe(401);
    expect(await whoamiStatus(server, basic)).toBe(401);
  });

  it('refuses Basic email:password of a deactivated person', async () => {
    const user = await signIn(server, 'viewer');
    const basic = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    expect(await whoamiStatus(server, basic)).toBe(200);
    await server.db.query("UPDATE identities SET state = 'inactive' WHERE id = $1", [user.personId]);
    expect(await whoamiStatus(server, basic)).toBe(401);
  });

  it('answers out-of-range or malformed token expiries with 400 and a clear message, never 500', async () => {
    const user = await signIn(server, 'viewer');
    const cases: unknown[] = [
      '9999999d',
      '99999999999d',
      1e308,
      '1e308',
      -5,
      '-5d',
      '0d',
      3651,
      '9999-12-31T00:00:00Z',
      '2001-01-01T00:00:00Z',
      'soon',
      true,
      { days: 3 },
      [],
    ];
    for (const expiry of cases) {
      const res = await createToken(server, user, expiry);
      expect({ expiry, status: res.status }).toEqual({ expiry, status: 400 });
      expect(((await res.json()) as { error: string }).error).toMatch(/^expiry: /);
    }
    for (const expiry of ['3650d', 30, 'never', null]) {
      expect({ expiry, status: (await createToken(server, user, expiry)).status }).toEqual({
        expiry,
        status: 201,
      });
    }
  });
});

describe.each(
  DB_KINDS.flatMap((kind) => [
    { kind, publicUrl: undefined },
    { kind, publicUrl: 'https://ops.example.com' },
  ]),
)('links in mails on $kind with PUBLIC_URL=$publicUrl', ({ kind, publicUrl }) => {
  let server: TestServer;
  let dataDir: string;
  let expectedBase: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-links-'));
    server = await startTestServer(
      kind,
      { dataDir },
      { AUTH_MODE: 'builtin', ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) },
    );
    // Without PUBLIC_URL: the configured listen address with the port actually bound (PORT=0).
    expectedBase = publicUrl ?? server.baseUrl;
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds the recovery link from the configuration, not from the Host header', async () => {
    expect(expectedBase).not.toMatch(/:0$/);
    const user = await signIn(server, 'viewer');
    const b = new Browser(server.baseUrl);
    const started = await asHost<Flow>(b, EVIL_HOST, '/api/auth/self-service/recovery/browser');
    expect(started.status).toBe(200);
    const flow = started.body;
    // The flow's own action URL does not come from Host either.
    expect(flow.ui.action).not.toContain(EVIL_HOST);
    expect(flow.ui.action).toBe(`${publicUrl ?? ''}/api/auth/self-service/recovery?flow=${flow.id}`);
    const sent = await asHost<Flow>(b, EVIL_HOST, `/api/auth/self-service/recovery?flow=${flow.id}`, {
      json: { csrf_token: csrfOf(flow), method: 'code', email: user.email },
    });
    expect(sent.status).toBe(200);
    const mails = outboxMailsTo(dataDir, user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    expect(mail).not.toContain(EVIL_HOST);
    expect(mail).toMatch(
      new RegExp(`open ${expectedBase.replace(/[.]/g, '\\.')}/recovery\\?flow=${flow.id}&code=\\d{6}`),
    );
  });

  it('builds the invite link from the configuration, not from the Host header', async () => {
    const admin = await signIn(server, 'admin');
    const token = await tokenFor(server, admin);
    const email = `invitee-${kind}-${publicUrl ? 'pub' : 'listen'}@example.com`;
    const res = await asHost<{ link: string }>(
      new Browser(server.baseUrl),
      EVIL_HOST,
      '/api/auth/invite_user',
      {
        json: { firstName: 'Ina', lastName: 'Vite', email, role: 'viewer' },
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.link).toMatch(
      new RegExp(`^${expectedBase.replace(/[.]/g, '\\.')}/api/auth/self-service/invite\\?token=`),
    );
    const mails = outboxMailsTo(dataDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(res.body.link);
    expect(mails[0]).not.toContain(EVIL_HOST);
  });
});

describe('the public base URL without PUBLIC_URL', () => {
  const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('uses the listen address and bound port, a loopback for wildcard hosts, brackets for IPv6', () => {
    expect(publicBaseFor(config({ HOST: '127.0.0.1', PORT: '0' }), 43210)).toBe('http://127.0.0.1:43210');
    expect(publicBaseFor(config({ HOST: 'ops.internal', PORT: '8080' }), null)).toBe(
      'http://ops.internal:8080',
    );
    expect(publicBaseFor(config({ HOST: '0.0.0.0' }), 8080)).toBe('http://127.0.0.1:8080');
    expect(publicBaseFor(config({ HOST: '::' }), 8080)).toBe('http://[::1]:8080');
    expect(publicBaseFor(config({ HOST: 'fd00::5' }), 8080)).toBe('http://[fd00::5]:8080');
    expect(publicBaseFor(config({ HOST: '0.0.0.0', PUBLIC_URL: 'https://ops.example.com/' }), 8080)).toBe(
      'https://ops.example.com',
    );
  });

  it('warns at start-up about wildcard hosts without PUBLIC_URL only', () => {
    expect(publicUrlWarning(config({ HOST: '0.0.0.0' }))).toMatch(/PUBLIC_URL/);
    expect(publicUrlWarning(config({ HOST: '::' }))).toMatch(/PUBLIC_URL/);
    expect(publicUrlWarning(config({ HOST: '127.0.0.1' }))).toBeNull();
    expect(publicUrlWarning(config({ HOST: '0.0.0.0', PUBLIC_URL: 'https://ops.example.com' }))).toBeNull();
  });
});

type KratosCall = { method: string; url: string; headers: http.IncomingHttpHeaders };

/**
 * A stand-in for Ory Kratos on loopback (Kratos itself is not on npm or Debian). The session
 * cookie's value picks the identity; `hang` never answers. Every request is recorded.
 */
async function startFakeKratos(): Promise<{
  url: string;
  calls: KratosCall[];
  identities: Record<string, { id: string; email: string; verified: boolean }>;
  close(): Promise<void>;
}> {
  const identities: Record<string, { id: string; email: string; verified: boolean }> = {
    unverified: { id: 'k-unverified', email: 'taken@example.com', verified: false },
    'unverified-free': { id: 'k-free', email: 'free-approver@example.com', verified: false },
    verified: { id: 'k-verified', email: 'owner@example.com', verified: true },
    'verified-other': { id: 'k-other', email: 'owner@example.com', verified: true },
    cached: { id: 'k-cached', email: 'cached@example.com', verified: true },
    removed: { id: 'k-removed', email: 'removed@example.com', verified: true },
  };
  const calls: KratosCall[] = [];
  const peer = await httpServer((req, res) => {
    calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const session = /ory_kratos_session=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    if (session === 'hang' || req.url?.startsWith('/self-service/hang')) return; // never answers
    if (req.url === '/sessions/whoami') {
      const who = identities[session];
      if (!who) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { id: 'session_inactive', code: 401 } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `s-${session}`,
          active: true,
          identity: {
            id: who.id,
            state: 'active',
            traits: { email: who.email, name: { first: 'Kay', last: session } },
            verifiable_addresses: [{ value: who.email, via: 'email', verified: who.verified }],
          },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  return { url: `http://127.0.0.1:${peer.port}`, calls, identities, close: peer.close };
}

type WhoamiAnswer = { payload: { user: { id: string; email: string | null }; roles: string[] } };

describe.each(DB_KINDS)('AUTH_MODE=kratos identity mapping on %s', (kind) => {
  let kratos: Awaited<ReturnType<typeof startFakeKratos>>;
  let server: TestServer;
  beforeAll(async () => {
    kratos = await startFakeKratos();
    server = await startTestServer(
      kind,
      {},
      { AUTH_MODE: 'kratos', KRATOS_URL: kratos.url, KRATOS_TIMEOUT: '2s' },
    );
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await kratos?.close();
  });

  const whoami = (session: string, extra: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: `ory_kratos_session=${session}`, ...extra },
    });

  async function seedPerson(email: string, role: 'admin' | 'viewer'): Promise<string> {
    const { rows } = await server.db.query<{ id: string }>(
      "INSERT INTO people (name, email) VALUES ('Seeded', $1) RETURNING id",
      [email],
    );
    const id = rows[0]?.id ?? '';
    await server.db.query('INSERT INTO person_roles (person_id, role) VALUES ($1, $2)', [id, role]);
    return id;
  }

  it('does not map an unverified Kratos email to the existing person with that email', async () => {
    const existing = await seedPerson('taken@example.com', 'admin');
    const res = await whoami('unverified');
    expect(res.status).toBe(200);
    const body = (await res.json()) as WhoamiAnswer;
    expect(body.payload.user.id).not.toBe(existing);
    expect(body.payload.roles).toEqual(['viewer']);
    // The address stays with its owner; the newcomer is known by its Kratos identity id.
    expect(body.payload.user.email).toBeNull();
    const { rows } = await server.db.query<{ id: string; kratos_id: string | null }>(
      "SELECT id, kratos_id FROM people WHERE kratos_id = 'k-unverified' OR id = $1 ORDER BY kratos_id NULLS FIRST",
      [existing],
    );
    expect(rows).toEqual([
      { id: existing, kratos_id: null },
      { id: body.payload.user.id, kratos_id: 'k-unverified' },
    ]);
    // And it stays so on later requests.
    expect(((await (await whoami('unverified')).json()) as WhoamiAnswer).payload.user.id).toBe(
      body.payload.user.id,
    );
  });

  // Issue 37, finding 4: an unverified address must count nowhere (playbook approvers match people by email).
  it('gives a new person an unverified Kratos email no one has only once Kratos reports it verified', async () => {
    const first = (await (await whoami('unverified-free')).json()) as WhoamiAnswer;
    expect(first.payload.user.email).toBeNull();
    const stored = async () =>
      (
        await server.db.query<{ email: string | null }>('SELECT email FROM people WHERE id = $1', [
          first.payload.user.id,
        ])
      ).rows[0]?.email;
    expect(await stored()).toBeNull();
    kratos.identities['unverified-free']!.verified = true;
    // Kratos' answers are cached for a few seconds per cookie: a new session cookie asks again.
    kratos.identities['unverified-free-2'] = { ...kratos.identities['unverified-free']! };
    const later = (await (await whoami('unverified-free-2')).json()) as WhoamiAnswer;
    expect(later.payload.user.id).toBe(first.payload.user.id);
    expect(await stored()).toBe('free-approver@example.com');
  });

  it('maps a verified Kratos email to the existing person, and only one identity to them', async () => {
    const existing = await seedPerson('owner@example.com', 'admin');
    const res = await whoami('verified');
    expect(res.status).toBe(200);
    const body = (await res.json()) as WhoamiAnswer;
    expect(body.payload.user.id).toBe(existing);
    expect(body.payload.roles).toEqual(['admin']);
    // A second Kratos identity claiming the same verified address does not take the person over.
    const other = (await (await whoami('verified-other')).json()) as WhoamiAnswer;
    expect(other.payload.user.id).not.toBe(existing);
    expect(other.payload.roles).toEqual(['viewer']);
  });

  it('refuses a person deleted in Opsdeck at once instead of creating them again', async () => {
    const first = (await (await whoami('removed')).json()) as WhoamiAnswer;
    await server.db.query('UPDATE people SET deleted_at = now() WHERE id = $1', [first.payload.user.id]);
    const again = await whoami('removed');
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error: string }).error).toMatch(/removed from Opsdeck/);
    const { rows } = await server.db.query("SELECT 1 FROM people WHERE kratos_id = 'k-removed'");
    expect(rows).toHaveLength(1);
  });

  it('asks Kratos once for the requests of a page load (short cache)', async () => {
    const before = kratos.calls.filter((c) => c.headers.cookie?.includes('=cached')).length;
    const statuses = await Promise.all([1, 2, 3, 4].map(() => whoami('cached').then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await whoami('cached')).status).toBe(200);
    expect(kratos.calls.filter((c) => c.headers.cookie?.includes('=cached')).length - before).toBe(1);
  });

  it('answers 503 with a clear message when Kratos does not answer, and 504 from the proxy', async () => {
    const res = await whoami('hang');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/Kratos.*did not answer in time/);
    const proxied = await fetch(`${server.baseUrl}/api/auth/self-service/hang/browser`, {
      headers: { accept: 'application/json' },
    });
    expect(proxied.status).toBe(504);
    expect(((await proxied.json()) as { error: string }).error).toMatch(/did not answer in time/);
  });

  it('never forwards Authorization or Opsdeck cookies to Kratos', async () => {
    const marker = `marker-${kind}`;
    const res = await fetch(`${server.baseUrl}/api/auth/self-service/login/browser?m=${marker}`, {
      headers: {
        authorization: 'Bearer od_secret-that-belongs-to-opsdeck',
        cookie: 'ory_kratos_session=verified; opsdeck_session=opsdeck-secret; csrf_token_abc=k',
      },
    });
    expect(res.status).toBe(200);
    const call = kratos.calls.find((c) => c.url.includes(marker));
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.headers.cookie).toBe('ory_kratos_session=verified; csrf_token_abc=k');
    // The session check Opsdeck makes itself sends the cookies and nothing else of the request.
    await fetch(`${server.baseUrl}/api/auth/whoami`, {
      headers: { cookie: `ory_kratos_session=unknown-${kind}; opsdeck_session=x`, 'x-marker': marker },
    });
    const check = kratos.calls.find((c) => c.headers.cookie === `ory_kratos_session=unknown-${kind}`);
    expect(check?.url).toBe('/sessions/whoami');
    expect(check?.headers.authorization).toBeUndefined();
    expect(check?.headers['x-marker']).toBeUndefined();
  });
});
