import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

const NIL = '00000000-0000-0000-0000-000000000000';

async function call(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const basic = (token: string) => ({
  authorization: `Basic ${Buffer.from(`token:${token}`).toString('base64')}`,
});

describe.each(DB_KINDS)('upstream API on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  const generate = async (name: string) => {
    const r = await call(server, 'POST', '/api/agent/generate', admin.headers, {
      name,
      properties: { site: 'a' },
    });
    expect(r.status).toBe(201);
    return r.json as { id: string; username: string; access_token: string };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    admin = await signIn(server, 'admin');
  });
  afterAll(() => server.close());

  it('generates an agent with a person of type agent and a hashed one-year token; 409 on a taken name', async () => {
    const a = await generate('east');
    expect(a.username).toBe('agent-east');
    expect(a.access_token).toMatch(/^od_/);
    const { rows } = await server.db.query<{ type: string; value: string; days: number }>(
      `SELECT p.type, t.value, extract(day FROM t.expires_at - now())::int AS days
         FROM agents a JOIN people p ON p.id = a.person_id JOIN access_tokens t ON t.person_id = p.id WHERE a.id = $1`,
      [a.id],
    );
    expect(rows[0]?.type).toBe('agent');
    expect(rows[0]?.value).not.toContain(a.access_token.split('.')[1]);
    expect(rows[0]?.days).toBeGreaterThanOrEqual(364);
    const again = await call(server, 'POST', '/api/agent/generate', admin.headers, { name: 'east' });
    expect(again.status).toBe(409);
    const viewer = await signIn(server, null);
    expect((await call(server, 'POST', '/api/agent/generate', viewer.headers, { name: 'v' })).status).toBe(
      403,
    );
    expect((await call(server, 'POST', '/api/agent/generate', admin.headers, { name: '' })).status).toBe(400);
  });

  it('pings with Bearer or Basic token:<t>; other tokens are 403, none or wrong are 401', async () => {
    const a = await generate('pinger');
    expect((await call(server, 'GET', '/api/upstream/ping', bearer(a.access_token))).status).toBe(200);
    expect((await call(server, 'GET', '/api/upstream/ping?hostname=h1', basic(a.access_token))).status).toBe(
      200,
    );
    const { rows } = await server.db.query<{ status: string; hostname: string }>(
      'SELECT status, hostname FROM agents_summary WHERE id = $1',
      [a.id],
    );
    expect(rows[0]).toEqual({ status: 'online', hostname: 'h1' });
    expect((await call(server, 'GET', '/api/upstream/ping', {})).status).toBe(401);
    expect((await call(server, 'GET', '/api/upstream/ping', bearer('od_nope'))).status).toBe(401);
    // A person's own token is a valid token, but not an agent's.
    const tok = await call(server, 'POST', '/api/auth/create_token', admin.headers, { name: 'mine' });
    const personal = String((tok.json.payload as { token?: string } | undefined)?.token ?? '');
    expect(personal).toMatch(/^od_/);
    expect((await call(server, 'GET', '/api/upstream/ping', bearer(personal))).status).toBe(403);
    expect((await call(server, 'POST', '/api/upstream/push', bearer(personal), {})).status).toBe(403);
  });

  it('stamps the pusher’s agent_id whatever the body says and refuses rows of others', async () => {
    const a = await generate('pusher-a');
    const b = await generate('pusher-b');
    const canary = crypto.randomUUID();
    const check = crypto.randomUUID();
    const body = {
      canaries: [{ id: canary, name: 'c1', namespace: 'default', spec: {}, agent_id: b.id }],
      checks: [
        { id: check, canary_id: canary, name: 'http', type: 'http', status: 'healthy', agent_id: NIL },
      ],
      check_statuses: [{ check_id: check, time: '2026-01-01T00:00:00.123456Z', status: true, duration: 5 }],
    };
    const r = await call(server, 'POST', '/api/upstream/push', bearer(a.access_token), body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      saved: { canaries: 1, checks: 1, check_statuses: 1 },
      refused: [],
      deferred: [],
    });
    const { rows } = await server.db.query<{ agent_id: string }>(
      'SELECT agent_id FROM checks WHERE id = $1',
      [check],
    );
    expect(rows[0]?.agent_id).toBe(a.id);
    const c = await server.db.query<{ agent_id: string }>('SELECT agent_id FROM canaries WHERE id = $1', [
      canary,
    ]);
    expect(c.rows[0]?.agent_id).toBe(a.id);
    // Same push again: the same rows, not new ones.
    await call(server, 'POST', '/api/upstream/push', bearer(a.access_token), body);
    const n = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1',
      [check],
    );
    expect(n.rows[0]?.n).toBe(1);
    // Agent b may not overwrite a's check, nor add statuses to it.
    const other = await call(server, 'POST', '/api/upstream/push', bearer(b.access_token), {
      checks: [{ id: check, canary_id: canary, name: 'stolen', type: 'http' }],
      check_statuses: [{ check_id: check, time: '2026-01-01T00:01:00Z', status: false }],
    });
    expect(other.status).toBe(200);
    expect(other.json.refused).toHaveLength(2);
    const after = await server.db.query<{ name: string }>('SELECT name FROM checks WHERE id = $1', [check]);
    expect(after.rows[0]?.name).toBe('http');
    // Rows of the upstream itself (the local agent) are refused too.
    const local = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name) VALUES ('local-one') RETURNING id`,
    );
    const mine = await call(server, 'POST', '/api/upstream/push', bearer(a.access_token), {
      canaries: [{ id: local.rows[0]?.id, name: 'taken' }],
    });
    expect(mine.json.refused).toEqual([
      { table: 'canaries', key: { id: local.rows[0]?.id }, reason: 'belongs to the upstream itself' },
    ]);
    // A child whose parent is not here yet waits.
    const later = await call(server, 'POST', '/api/upstream/push', bearer(a.access_token), {
      checks: [{ id: crypto.randomUUID(), canary_id: crypto.randomUUID(), name: 'x', type: 'http' }],
    });
    expect(later.json.deferred).toHaveLength(1);
    const summary = await server.db.query<{ checks_count: number; health: string }>(
      'SELECT checks_count::int, health FROM agents_summary WHERE id = $1',
      [a.id],
    );
    expect(summary.rows[0]).toEqual({ checks_count: 1, health: 'healthy' });
  });

  it('refuses a config item that would take another one’s scraper, type and external id', async () => {
    const a = await generate('dupes');
    const scraper = crypto.randomUUID();
    const item = (id: string) => ({ id, scraper_id: scraper, type: 'Pod', name: 'p', external_id: ['p'] });
    const first = crypto.randomUUID();
    const h = bearer(a.access_token);
    await call(server, 'POST', '/api/upstream/push', h, {
      config_scrapers: [{ id: scraper, name: 's' }],
      config_items: [item(first)],
    });
    const again = await call(server, 'POST', '/api/upstream/push', h, {
      config_items: [item(crypto.randomUUID()), { ...item(first), name: 'renamed' }],
    });
    expect(again.status).toBe(200);
    expect(again.json.saved).toEqual({ config_items: 1 });
    expect(again.json.refused).toMatchObject([
      { reason: 'another row has the same scraper_id, type, external_id' },
    ]);
  });

  it('answers bad push bodies with a 400 that says what is wrong', async () => {
    const a = await generate('bad-bodies');
    const h = bearer(a.access_token);
    const bad = await call(server, 'POST', '/api/upstream/push', h, '{"checks": [');
    expect(bad.status).toBe(400);
    expect(String(bad.json.error)).toMatch(/JSON/);
    const unknown = await call(server, 'POST', '/api/upstream/push', h, { people: [] });
    expect(unknown.status).toBe(400);
    const noId = await call(server, 'POST', '/api/upstream/push', h, { checks: [{ name: 'x' }] });
    expect(noId.status).toBe(400);
    expect(String(noId.json.error)).toMatch(/checks\.0\.id/);
    const badValue = await call(server, 'POST', '/api/upstream/push', h, {
      canaries: [
        { id: crypto.randomUUID(), name: 'c', labels: 'not-an-object', created_at: 'yesterday-ish' },
      ],
    });
    expect(badValue.status).toBe(400);
  });

  it('pulls the canaries and scrapers assigned to the agent, since a time', async () => {
    const a = await generate('puller');
    await server.db.query(
      `INSERT INTO canaries (name, agent_id, updated_at) VALUES ('old', $1, now() - interval '1 hour')`,
      [a.id],
    );
    await server.db.query(`INSERT INTO canaries (name, agent_id) VALUES ('new', $1)`, [a.id]);
    await server.db.query(`INSERT INTO canaries (name) VALUES ('not-assigned')`);
    await server.db.query(`INSERT INTO config_scrapers (name, agent_id) VALUES ('s', $1)`, [a.id]);
    const all = await fetch(`${server.baseUrl}/api/upstream/canary/pull`, {
      headers: bearer(a.access_token),
    });
    expect(((await all.json()) as { name: string }[]).map((c) => c.name)).toEqual(['old', 'new']);
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = await fetch(`${server.baseUrl}/api/upstream/canary/pull?since=${since}`, {
      headers: bearer(a.access_token),
    });
    expect(((await recent.json()) as { name: string }[]).map((c) => c.name)).toEqual(['new']);
    const scrapers = await fetch(`${server.baseUrl}/api/upstream/scrapeconfig/pull`, {
      headers: bearer(a.access_token),
    });
    expect(((await scrapers.json()) as { name: string }[]).map((c) => c.name)).toEqual(['s']);
    const bad = await fetch(`${server.baseUrl}/api/upstream/canary/pull?since=soon`, {
      headers: bearer(a.access_token),
    });
    expect(bad.status).toBe(400);
    expect(
      // No work for it: the long poll ends empty (wait=0: at once, not after the default 45 s).
      (
        await fetch(`${server.baseUrl}/api/upstream/playbook-action?wait=0`, {
          headers: bearer(a.access_token),
        })
      ).status,
    ).toBe(204);
  });

  it('deletes an agent softly: its token is refused with 401; cleanup removes its rows', async () => {
    const keep = await generate('keep-data');
    const wipe = await generate('wipe-data');
    for (const a of [keep, wipe]) {
      const canary = crypto.randomUUID();
      await call(server, 'POST', '/api/upstream/push', bearer(a.access_token), {
        canaries: [{ id: canary, name: 'c' }],
        checks: [{ id: crypto.randomUUID(), canary_id: canary, name: 'k', type: 'http' }],
        job_history: [{ id: crypto.randomUUID(), name: 'CanaryScheduler', status: 'SUCCESS' }],
      });
    }
    const d1 = await call(server, 'DELETE', `/api/agent/${keep.id}?cleanup=false`, admin.headers);
    expect(d1).toEqual({ status: 200, json: { message: 'Agent deleted' } });
    const d2 = await call(server, 'DELETE', `/api/agent/${wipe.id}?cleanup=true`, admin.headers);
    expect(d2.status).toBe(200);
    expect((await call(server, 'DELETE', `/api/agent/${wipe.id}`, admin.headers)).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/agent/${NIL}`, admin.headers)).status).toBe(400);
    for (const a of [keep, wipe]) {
      expect((await call(server, 'GET', '/api/upstream/ping', bearer(a.access_token))).status).toBe(401);
      expect((await call(server, 'POST', '/api/upstream/push', bearer(a.access_token), {})).status).toBe(401);
    }
    const count = async (id: string) =>
      (
        await server.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM checks WHERE agent_id = $1) + (SELECT count(*) FROM job_history WHERE agent_id = $1) AS n`,
          [id],
        )
      ).rows[0]?.n;
    expect(Number(await count(keep.id))).toBe(2);
    expect(Number(await count(wipe.id))).toBe(0);
    const listed = await server.db.query(
      'SELECT 1 FROM agents_summary WHERE id = $1 AND deleted_at IS NOT NULL',
      [keep.id],
    );
    expect(listed.rows).toHaveLength(1);
  });
});
