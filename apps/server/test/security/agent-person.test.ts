import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

type Answer = { status: number; body: Record<string, unknown> };

async function call(
  server: TestServer,
  who: { headers: Record<string, string> },
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...who.headers,
      prefer: 'return=representation',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * Issue 37, finding 3: an editor named the admin as an agent's person through the data API, then
 * deleted the agent — which deleted the admin and ended their sessions and tokens.
 */
describe.each(DB_KINDS)('an agent acts only as its own person, on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let editor: SignedIn;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    admin = await signIn(server, 'admin');
    editor = await signIn(server, 'editor');
    const created = await call(server, admin, 'POST', '/api/auth/create_token', {
      name: 'script',
      expiry: '30d',
    });
    expect(created.status).toBe(201);
    adminToken = String((created.body.payload as { token: string }).token);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  const adminStillThere = async () => {
    expect((await call(server, admin, 'GET', '/api/auth/whoami')).status).toBe(200);
    expect(
      (
        await fetch(`${server.baseUrl}/api/auth/whoami`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).status,
    ).toBe(200);
    const { rows } = await server.db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM people WHERE id = $1',
      [admin.personId],
    );
    expect(rows[0]?.deleted).toBe(false);
  };

  it('refuses an agent written through the data API with someone’s person_id (400), and writes nothing', async () => {
    const made = await call(server, editor, 'POST', '/api/db/agents', {
      name: 'takeover',
      person_id: admin.personId,
    });
    expect(made.status).toBe(400);
    expect(String(made.body.message)).toMatch(/^person_id: .*generated/);
    const { rows } = await server.db.query("SELECT 1 FROM agents WHERE name = 'takeover'");
    expect(rows).toHaveLength(0);
    await adminStillThere();
  });

  it('refuses moving an agent to another person through the data API, null included', async () => {
    const generated = await call(server, editor, 'POST', '/api/agent/generate', { name: 'moved' });
    expect(generated.status).toBe(201);
    const id = String(generated.body.id);
    for (const personId of [admin.personId, editor.personId, null]) {
      const patched = await call(server, editor, 'PATCH', `/api/db/agents?id=eq.${id}`, {
        person_id: personId,
      });
      expect(patched.status).toBe(400);
      expect(String(patched.body.message)).toMatch(/^person_id: /);
    }
    // Other columns stay writable.
    const described = await call(server, editor, 'PATCH', `/api/db/agents?id=eq.${id}`, {
      description: 'east site',
    });
    expect(described.status).toBe(200);
    const { rows } = await server.db.query<{ type: string }>(
      'SELECT p.type FROM agents a JOIN people p ON p.id = a.person_id WHERE a.id = $1',
      [id],
    );
    expect(rows[0]?.type).toBe('agent');
  });

  it('refuses the same in the database itself, whoever writes (migration 135)', async () => {
    await expect(
      server.db.query('INSERT INTO agents (name, person_id) VALUES ($1, $2)', ['direct', admin.personId]),
    ).rejects.toMatchObject({ code: '42501' });
    const generated = await call(server, admin, 'POST', '/api/agent/generate', { name: 'direct-move' });
    await expect(
      server.db.query('UPDATE agents SET person_id = $2 WHERE id = $1', [generated.body.id, admin.personId]),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('deleting an agent row that names someone else (written before the fix) leaves that person alone', async () => {
    // Such rows exist only from before migration 135: written here with its trigger off.
    await server.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE agents DISABLE TRIGGER USER');
      await tx.query('INSERT INTO agents (name, person_id) VALUES ($1, $2)', ['legacy', admin.personId]);
      await tx.query('ALTER TABLE agents ENABLE TRIGGER USER');
    });
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM agents WHERE name = 'legacy'");
    const id = rows[0]?.id;
    // The admin's token is not an agent token because of that row.
    const ping = await fetch(`${server.baseUrl}/api/upstream/ping`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(ping.status).toBe(403);
    const deleted = await call(server, editor, 'DELETE', `/api/agent/${id}`);
    expect(deleted.status).toBe(200);
    await adminStillThere();
  });

  it('still deletes a generated agent’s own person and ends its token', async () => {
    const generated = await call(server, editor, 'POST', '/api/agent/generate', { name: 'own' });
    const token = String(generated.body.access_token);
    const ping = () =>
      fetch(`${server.baseUrl}/api/upstream/ping`, { headers: { authorization: `Bearer ${token}` } });
    expect((await ping()).status).toBe(200);
    expect((await call(server, editor, 'DELETE', `/api/agent/${String(generated.body.id)}`)).status).toBe(
      200,
    );
    expect((await ping()).status).toBe(401);
    const { rows } = await server.db.query<{ deleted: boolean }>(
      `SELECT p.deleted_at IS NOT NULL AS deleted FROM agents a JOIN people p ON p.id = a.person_id WHERE a.id = $1`,
      [generated.body.id],
    );
    expect(rows[0]?.deleted).toBe(true);
  });
});
