import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

type Answer = { status: number; body: unknown };
type Row = Record<string, unknown>;

/**
 * Issue 37, finding 7: a responder could rewrite another person's comment, and set `created_by`
 * on their own so it showed as the admin's.
 */
describe.each(DB_KINDS)('comments keep their author, on %s', (kind) => {
  let server: TestServer;
  let author: SignedIn;
  let other: SignedIn;
  let commander: SignedIn;
  let admin: SignedIn;
  let incidentLead: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    author = await signIn(server, 'responder');
    other = await signIn(server, 'responder');
    commander = await signIn(server, 'commander');
    admin = await signIn(server, 'admin');
    incidentLead = await signIn(server, 'responder');
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  async function call(who: SignedIn, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${server.baseUrl}/api/db${path}`, {
      method,
      headers: { ...who.headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
  const one = (a: Answer): Row => {
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
    return (a.body as Row[])[0]!;
  };
  const message = (a: Answer) => String((a.body as { message?: unknown }).message ?? '');

  /** An incident led by `incidentLead`, with a root hypothesis and one comment of `author`. */
  async function setUp() {
    const incident = one(
      await call(commander, 'POST', '/incidents', {
        title: 'Checkout down',
        commander_id: incidentLead.personId,
      }),
    );
    const root = one(
      await call(author, 'POST', '/hypotheses', { incident_id: incident.id, type: 'root', title: 'DB' }),
    );
    const comment = one(
      await call(author, 'POST', '/comments', {
        incident_id: incident.id,
        hypothesis_id: root.id,
        comment: 'restarted the primary',
      }),
    );
    return { incident, root, comment, path: `/comments?id=eq.${String(comment.id)}` };
  }
  const stored = async (id: unknown) =>
    (
      await server.db.query<{ comment: string; created_by: string; edited_at: Date | null }>(
        'SELECT comment, created_by, edited_at FROM comments WHERE id = $1',
        [id],
      )
    ).rows[0];
  const edits = async (id: unknown) =>
    (
      await server.db.query<{ created_by: string; description: string }>(
        "SELECT created_by, description FROM incident_histories WHERE comment_id = $1 AND type = 'responder.comment_edited' ORDER BY seq",
        [id],
      )
    ).rows;

  it('refuses another responder’s edit and delete of a comment (403), and keeps it as it was', async () => {
    const { comment, path } = await setUp();
    const patched = await call(other, 'PATCH', path, { comment: 'I never restarted anything' });
    expect(patched.status).toBe(403);
    expect(message(patched)).toBe('only its author, an incident commander or an admin may edit a comment');
    const deleted = await call(other, 'DELETE', path);
    expect(deleted.status).toBe(403);
    expect(message(deleted)).toBe('only its author, an incident commander or an admin may delete a comment');
    expect(await stored(comment.id)).toMatchObject({
      comment: 'restarted the primary',
      created_by: author.personId,
      edited_at: null,
    });
    expect(await edits(comment.id)).toEqual([]);
  });

  it('never changes who wrote a comment, not even for its author or an admin', async () => {
    const { comment, path } = await setUp();
    for (const [who, body] of [
      [author, { created_by: admin.personId }],
      [author, { created_by: admin.personId, comment: 'as the admin' }],
      [admin, { created_by: admin.personId }],
      [admin, { created_by: null }],
    ] as const) {
      const res = await call(who, 'PATCH', path, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(message(res)).toBe('created_by: who wrote a comment cannot be changed');
    }
    expect(await stored(comment.id)).toMatchObject({
      comment: 'restarted the primary',
      created_by: author.personId,
    });
  });

  it('lets the author, a commander, the incident’s commander and an admin edit, each edit marked and logged', async () => {
    const { comment, path } = await setUp();
    for (const [who, text] of [
      [author, 'restarted the primary at 10:02'],
      [commander, 'restarted the primary at 10:02 (confirmed)'],
      [incidentLead, 'restarted the primary at 10:02 (confirmed by lead)'],
      [admin, 'restarted the primary at 10:02 (final)'],
    ] as const) {
      const res = one(await call(who, 'PATCH', path, { comment: text }));
      expect(res).toMatchObject({ comment: text, created_by: author.personId });
      expect(res.edited_at).toEqual(expect.any(String));
    }
    expect(await edits(comment.id)).toEqual([
      { created_by: author.personId, description: 'restarted the primary at 10:02' },
      { created_by: commander.personId, description: 'restarted the primary at 10:02 (confirmed)' },
      {
        created_by: incidentLead.personId,
        description: 'restarted the primary at 10:02 (confirmed by lead)',
      },
      { created_by: admin.personId, description: 'restarted the primary at 10:02 (final)' },
    ]);
  });

  it('lets the author delete their comment, and a hypothesis still takes everyone’s comments with it', async () => {
    const own = await setUp();
    expect((await call(author, 'DELETE', own.path)).status).toBe(200);
    expect(await stored(own.comment.id)).toBeUndefined();
    const { root, comment } = await setUp();
    one(
      await call(admin, 'POST', '/comments', {
        incident_id: comment.incident_id,
        hypothesis_id: root.id,
        comment: 'noted',
      }),
    );
    expect((await call(other, 'DELETE', `/hypotheses?id=eq.${String(root.id)}`)).status).toBe(200);
    const left = await server.db.query('SELECT 1 FROM comments WHERE hypothesis_id = $1', [root.id]);
    expect(left.rows).toHaveLength(0);
  });
});
