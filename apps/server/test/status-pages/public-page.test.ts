import { publicStatusPageSchema } from '@opsdeck/shared';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { PAGE, seedStatusWorld, WINDOWS, type StatusWorld } from './fixtures.js';

const START_TIMEOUT = 300_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe.each(DB_KINDS)('public status pages, on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  let viewer: SignedIn;
  let world: StatusWorld;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', STATUS_PAGE_RATE_LIMIT: '1000' });
    editor = await signIn(server, 'editor', 'editor-person@example.com');
    viewer = await signIn(server, null);
    world = await seedStatusWorld(server.db, editor.personId);
    // Saved through the data API: the write itself brings the maintenance horizon up to date.
    for (const w of Object.values(WINDOWS)) {
      const res = await fetch(`${server.baseUrl}/api/db/maintenance_windows`, {
        method: 'POST',
        headers: { ...editor.headers, 'content-type': 'application/json' },
        body: JSON.stringify(w),
      });
      if (res.status !== 201) throw new Error(`window ${w.name}: ${res.status} ${await res.text()}`);
    }
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  const db = (who: SignedIn, method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}/api/db${path}`, {
      method,
      headers: { ...who.headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const anonymous = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });

  it('an editor creates a page through the data API; the write hook refuses bad ones, a viewer may not write', async () => {
    const bad = [
      { ...PAGE, slug: 'Not A Slug' },
      { ...PAGE, slug: 'x', groups: [] },
      { ...PAGE, slug: 'y', groups: [{ name: 'G', selectors: [{}] }] },
      { ...PAGE, slug: 'z', groups: [{ name: 'G', selectors: [{ labelSelector: 'a=b,=,' }] }] },
      { ...PAGE, slug: 'w', logo: 'javascript:alert(1)' },
      { ...PAGE, slug: 'v', custom_domain: 'https://status.example.com/' },
    ];
    for (const body of bad) {
      const res = await db(editor, 'POST', '/status_pages', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await db(viewer, 'POST', '/status_pages', { ...PAGE, slug: 'nope' })).status).toBe(403);
    const created = await db(editor, 'POST', '/status_pages', { ...PAGE, custom_domain: 'status.shop.test' });
    expect(created.status, await created.clone().text()).toBe(201);
    const [row] = (await created.json()) as { created_by: string; source: string }[];
    expect(row?.created_by).toBe(editor.personId);
    // A second live page with the same slug is refused.
    expect((await db(editor, 'POST', '/status_pages', PAGE)).status).toBe(409);
  });

  it('answers signed out with the chosen groups, their states and uptime, and the public update only', async () => {
    const res = await anonymous('/api/status/shop');
    expect(res.status).toBe(200);
    const text = await res.text();
    const page = publicStatusPageSchema.parse(JSON.parse(text));
    expect(page.title).toBe('Shop status');
    expect(page.groups.map((g) => [g.name, g.state])).toEqual([
      ['API', 'outage'],
      // payments is degraded, but the window 'Payments failover' covers it now: planned work.
      ['Payments', 'maintenance'],
    ]);
    expect(page.groups[1]?.members.map((m) => [m.name, m.state])).toEqual([['payments', 'maintenance']]);
    expect(page.groups[0]?.members.map((m) => [m.name, m.state])).toEqual([
      ['api-one', 'operational'],
      ['api-two', 'outage'],
    ]);
    const apiOne = page.groups[0]?.members[0];
    expect(apiOne?.uptime).toHaveLength(90);
    expect(apiOne?.uptime.at(-1)).toBe(100);
    expect(apiOne?.uptime.at(-2)).toBe(75);
    expect(apiOne?.uptime90).toBeCloseTo(88.889, 2);
    // A component's uptime comes from its related checks.
    expect(page.groups[1]?.members[0]?.uptime.at(-2)).toBe(75);
    expect(page.incidents).toHaveLength(1);
    expect(page.incidents[0]).toMatchObject({ title: 'Checkout errors', active: true, affects: ['api-two'] });
    expect(page.incidents[0]?.updates.map((u) => u.text)).toEqual(['We are looking into failed checkouts.']);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('draws a day with only maintenance results as maintenance, not one with failures besides', async () => {
    const page = publicStatusPageSchema.parse(await (await anonymous('/api/status/shop')).json());
    const [apiOne, apiTwo] = page.groups[0]?.members ?? [];
    // Day 87 is two days ago: api-one ran only under maintenance; its uptime has no figure.
    expect(apiOne?.maintenance_days).toEqual([87]);
    expect(apiOne?.uptime[87]).toBeNull();
    expect(apiOne?.uptime90).toBeCloseTo(88.889, 2);
    // Three days ago api-two failed outside its maintenance: an ordinary red day.
    expect(apiTwo?.maintenance_days).toEqual([]);
    expect(apiTwo?.uptime[86]).toBe(0);
    // The component's bar comes from its checks, maintenance included.
    expect(page.groups[1]?.members[0]?.maintenance_days).toEqual([87]);
  });

  it('lists maintenance under way and within 14 days that covers a member, recurring windows by occurrence', async () => {
    const page = publicStatusPageSchema.parse(await (await anonymous('/api/status/shop')).json());
    // Under way first, then by the next start: nightly's first is within a day, the upgrade's in two.
    expect(page.maintenance.map((m) => [m.name, m.active])).toEqual([
      ['Payments failover', true],
      ['Nightly patching', false],
      ['Database upgrade', false],
    ]);
    const byName = new Map(page.maintenance.map((m) => [m.name, m]));
    expect(byName.get('Payments failover')).toMatchObject({
      description: 'Switching payment providers',
      affects: ['payments'],
    });
    const oneOff = byName.get('Database upgrade');
    expect(oneOff?.affects).toEqual(['api-two']);
    expect(oneOff?.occurrences).toHaveLength(1);
    expect(Date.parse(oneOff?.occurrences[0]?.starts ?? '')).toBe(Date.parse(WINDOWS.oneOff.starts_at));
    expect(Date.parse(oneOff?.occurrences[0]?.ends ?? '')).toBe(Date.parse(WINDOWS.oneOff.ends_at));
    // Nightly at 03:00 in Berlin: the next five, a day apart, each an hour long; a check behind
    // the payments component makes it concern payments too.
    const nightly = byName.get('Nightly patching');
    expect(nightly?.description).toBeNull();
    expect(nightly?.affects).toEqual(['api-one', 'payments']);
    const starts = nightly?.occurrences.map((o) => Date.parse(o.starts)) ?? [];
    expect(starts).toHaveLength(5);
    for (const [i, t] of starts.entries()) {
      expect(new Date(t).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin' })).toBe('03:00:00');
      expect(Date.parse(nightly?.occurrences[i]?.ends ?? '') - t).toBe(3_600_000);
    }
    // Three weeks ahead: not yet.
    expect(byName.has('Far-off move')).toBe(false);
    const feed = await (await anonymous('/api/status/shop/feed.atom')).text();
    expect(feed).toContain('Maintenance under way: Payments failover');
    expect(feed).toContain('Planned maintenance: Database upgrade');
  });

  it('leaks nothing outside the selection: no other names, messages, windows, ids or people', async () => {
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM maintenance_windows');
    const windowIds = rows.map((r) => r.id);
    expect(windowIds).toHaveLength(Object.keys(WINDOWS).length);
    const json = await (await anonymous('/api/status/shop')).text();
    const feed = await (await anonymous('/api/status/shop/feed.atom')).text();
    for (const text of [json, feed]) {
      for (const secret of [
        'secret-db',
        'internal-vault',
        'Vault credentials',
        'SECRET-UPDATE',
        'internal note',
        'hunter2',
        'Payments slow',
        'quiet internal remark',
        'SECRET-WINDOW',
        'SECRET-MAINT-DESC',
        'Far-off move',
        'editor-person',
        'prod',
        'tier',
      ])
        expect(text, secret).not.toContain(secret);
      expect(text).not.toMatch(UUID);
      for (const id of [
        ...Object.values(world.checks),
        ...Object.values(world.components),
        ...Object.values(world.incidents),
        ...windowIds,
      ])
        expect(text).not.toContain(id);
    }
    expect(feed).toContain('We are looking into failed checkouts.');
    expect(feed).toMatch(/^<\?xml[^]*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
  });

  it('answers 404 for another slug, a deleted page, odd paths, and never serves internals', async () => {
    for (const path of [
      '/api/status/other',
      '/api/status/SHOP',
      '/api/status/shop%2F..',
      '/api/status/shop/feed.xml',
      '/api/status/shop/incidents',
      '/api/status/',
    ]) {
      const res = await anonymous(path);
      expect([404, 401], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('api-one');
    }
    expect((await anonymous('/api/status/other')).status).toBe(404);
    expect((await anonymous('/api/status/other/feed.atom')).status).toBe(404);
    // The definitions themselves stay behind sign-in.
    expect((await anonymous('/api/db/status_pages')).status).toBe(401);
    expect((await anonymous('/api/db/comments')).status).toBe(401);
    const preview = await fetch(`${server.baseUrl}/api/status-pages/preview`, { method: 'POST', body: '{}' });
    expect(preview.status).toBe(401);
  });

  it('sends `/` on a custom domain to its page, and nowhere else', async () => {
    // fetch may not set Host: undici's request may.
    const res = await request(`${server.baseUrl}/`, { headers: { host: 'status.shop.test' } });
    await res.body.text();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/status/shop');
    const elsewhere = await request(`${server.baseUrl}/`, { headers: { host: 'other.shop.test' } });
    await elsewhere.body.text();
    expect(elsewhere.statusCode).not.toBe(302);
  });

  it('reads a page in one statement on a miss and none from the cache', async () => {
    await db(editor, 'POST', '/status_pages', { ...PAGE, slug: 'counted' });
    const spy = vi.spyOn(server.db, 'query');
    try {
      const first = await anonymous('/api/status/counted');
      expect(first.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      const again = await anonymous('/api/status/counted');
      expect(again.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      // A conditional request with the page's ETag is answered 304.
      const etag = again.headers.get('etag') ?? '';
      expect((await anonymous('/api/status/counted', { 'if-none-match': etag })).status).toBe(304);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers brotli, gzip or plain JSON as the reader accepts, all the same page', async () => {
    await db(editor, 'POST', '/status_pages', { ...PAGE, slug: 'encoded' });
    const plain = await anonymous('/api/status/encoded', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    const doc = JSON.parse(text) as { slug: string };
    expect(doc.slug).toBe('encoded');
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      // fetch decodes the body; the header tells which encoding was sent.
      const res = await anonymous('/api/status/encoded', { 'accept-encoding': accept });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(text);
    }
  });

  it('a soft-deleted page is gone once the cache expires', async () => {
    await db(editor, 'POST', '/status_pages', { ...PAGE, slug: 'gone' });
    const res = await db(editor, 'PATCH', '/status_pages?slug=eq.gone', {
      deleted_at: new Date().toISOString(),
    });
    expect(res.status).toBeLessThan(300);
    expect((await anonymous('/api/status/gone')).status).toBe(404);
  });

  it('serves the StatusPage spec JSON Schema to those signed in', async () => {
    const res = await fetch(`${server.baseUrl}/api/schemas/status-page.schema.json`, {
      headers: viewer.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/schema+json');
    const schema = (await res.json()) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['title', 'groups']));
    expect((await anonymous('/api/schemas/status-page.schema.json')).status).toBe(401);
  });

  it('previews what each group chooses for an editor', async () => {
    const res = await fetch(`${server.baseUrl}/api/status-pages/preview`, {
      method: 'POST',
      headers: { ...editor.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ groups: PAGE.groups }),
    });
    expect(res.status).toBe(200);
    const groups = (await res.json()) as { name: string; count: number; members: { name: string }[] }[];
    expect(groups.map((g) => [g.name, g.count, g.members.map((m) => m.name)])).toEqual([
      ['API', 2, ['api-one', 'api-two']],
      ['Payments', 1, ['payments']],
    ]);
    const refused = await fetch(`${server.baseUrl}/api/status-pages/preview`, {
      method: 'POST',
      headers: { ...viewer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ groups: PAGE.groups }),
    });
    expect(refused.status).toBe(403);
  });
});

describe('public status pages are rate-limited per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'builtin', STATUS_PAGE_RATE_LIMIT: '3' });
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('answers 429 JSON past the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await fetch(`${server.baseUrl}/api/status/none`)).status);
    expect(codes).toEqual([404, 404, 404, 429, 429]);
  });
});
