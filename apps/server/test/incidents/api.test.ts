import { INCIDENT_HISTORY_TYPES, type Role } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

type Answer = { status: number; body: unknown };
type Row = Record<string, unknown>;

describe.each(DB_KINDS)('incidents through the data API on %s', (kind) => {
  let server: TestServer;
  const users = {} as Record<Role, SignedIn>;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    for (const role of ['commander', 'responder', 'viewer'] as const)
      users[role] = await signIn(server, role);
  });
  afterAll(() => server.close());

  async function call(role: Role, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${server.baseUrl}/api/db${path}`, {
      method,
      headers: {
        ...users[role].headers,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
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

  async function newIncident(title = 'Checkout is slow'): Promise<Row> {
    return one(await call('commander', 'POST', '/incidents', { title, severity: 'high' }));
  }

  it('opens an incident with a display id, the defaults of the create form and its creator', async () => {
    const a = await newIncident();
    const b = await newIncident('Second');
    expect(a.incident_id).toMatch(/^INC-\d+$/);
    expect(Number(String(b.incident_id).slice(4))).toBe(Number(String(a.incident_id).slice(4)) + 1);
    expect(a).toMatchObject({ status: 'open', type: 'availability', severity: 'high' });
    expect(a.created_by).toBe(users.commander.personId);
  });

  it('makes the creator Commander of a new incident unless the body names one', async () => {
    const mine = await newIncident('Who leads this?');
    expect(mine.commander_id).toBe(users.commander.personId);
    const led = one(
      await call('commander', 'POST', '/incidents', {
        title: 'Led by a responder',
        commander_id: users.responder.personId,
      }),
    );
    expect(led.commander_id).toBe(users.responder.personId);
  });

  it('lets commanders and responders write and viewers only read', async () => {
    const incident = await newIncident();
    const refused = await call('viewer', 'POST', '/incidents', { title: 'nope' });
    expect(refused.status).toBe(403);
    expect((await call('viewer', 'GET', `/incidents?id=eq.${String(incident.id)}`)).status).toBe(200);
    const patched = await call('responder', 'PATCH', `/incidents?id=eq.${String(incident.id)}`, {
      status: 'investigating',
    });
    expect(one(patched).status).toBe('investigating');
    const viewerPatch = await call('viewer', 'PATCH', `/incidents?id=eq.${String(incident.id)}`, {
      status: 'closed',
    });
    expect(viewerPatch.status).toBe(403);
  });

  it('refuses a missing title, an unknown severity and a status move the spec does not allow', async () => {
    expect((await call('commander', 'POST', '/incidents', { title: ' ' })).status).toBe(400);
    expect((await call('commander', 'POST', '/incidents', { title: 'x', severity: 'urgent' })).status).toBe(
      400,
    );
    const incident = await newIncident();
    await call('commander', 'PATCH', `/incidents?id=eq.${String(incident.id)}`, { status: 'investigating' });
    const back = await call('commander', 'PATCH', `/incidents?id=eq.${String(incident.id)}`, {
      status: 'open',
    });
    expect(back.status).toBe(400);
    expect(message(back)).toContain('cannot go from investigating to open');
  });

  it('keeps the hypothesis tree root → factor → solution', async () => {
    const incident = await newIncident();
    const root = one(
      await call('commander', 'POST', '/hypotheses', {
        incident_id: incident.id,
        type: 'root',
        title: 'Slow',
      }),
    );
    expect(root.status).toBe('possible');
    const factor = one(
      await call('responder', 'POST', '/hypotheses', {
        incident_id: incident.id,
        parent_id: root.id,
        type: 'factor',
        title: 'DB pool exhausted',
      }),
    );
    const solution = await call('responder', 'POST', '/hypotheses', {
      incident_id: incident.id,
      parent_id: factor.id,
      type: 'solution',
      title: 'Raise pool size',
    });
    expect(solution.status).toBe(201);
    const wrong = await call('responder', 'POST', '/hypotheses', {
      incident_id: incident.id,
      parent_id: root.id,
      type: 'solution',
      title: 'skips a level',
    });
    expect(wrong.status).toBe(400);
    expect(message(wrong)).toContain('root → factor → solution');
    const orphan = await call('responder', 'POST', '/hypotheses', {
      incident_id: incident.id,
      type: 'factor',
      title: 'no parent',
    });
    expect(message(orphan)).toContain('needs a parent');
  });

  it('deletes a hypothesis with its subtree, comments and evidence in one statement', async () => {
    const incident = await newIncident();
    const root = one(
      await call('commander', 'POST', '/hypotheses', {
        incident_id: incident.id,
        type: 'root',
        title: 'Root',
      }),
    );
    const factor = one(
      await call('commander', 'POST', '/hypotheses', {
        incident_id: incident.id,
        parent_id: root.id,
        type: 'factor',
        title: 'Factor',
      }),
    );
    one(
      await call('commander', 'POST', '/evidences', {
        hypothesis_id: factor.id,
        type: 'comment',
        description: 'e',
      }),
    );
    one(
      await call('commander', 'POST', '/comments', {
        incident_id: incident.id,
        hypothesis_id: factor.id,
        comment: 'looking',
      }),
    );
    const del = await call('commander', 'DELETE', `/hypotheses?id=eq.${String(root.id)}`);
    expect(del.status).toBeLessThan(300);
    const left = await server.db.query<{ h: number; e: number; c: number }>(
      `SELECT (SELECT count(*)::int FROM hypotheses WHERE incident_id = $1) AS h,
         (SELECT count(*)::int FROM evidences e WHERE e.hypothesis_id = $2) AS e,
         (SELECT count(*)::int FROM comments WHERE incident_id = $1) AS c`,
      [incident.id, factor.id],
    );
    expect(left.rows[0]).toEqual({ h: 0, e: 0, c: 0 });
    // The changelog keeps its entries.
    const hist = await server.db.query(`SELECT 1 FROM incident_histories WHERE incident_id = $1`, [
      incident.id,
    ]);
    expect(hist.rows.length).toBeGreaterThan(0);
  });

  it('writes every changelog type exactly once, naming who acted, and queues the incident events', async () => {
    const incident = await newIncident('Payments down');
    const id = String(incident.id);
    const root = one(
      await call('commander', 'POST', '/hypotheses', { incident_id: id, type: 'root', title: 'Root' }),
    );
    one(await call('responder', 'PATCH', `/hypotheses?id=eq.${String(root.id)}`, { status: 'likely' }));
    const evidence = one(
      await call('responder', 'POST', '/evidences', {
        hypothesis_id: root.id,
        type: 'comment',
        description: 'logs',
      }),
    );
    one(
      await call('responder', 'PATCH', `/evidences?id=eq.${String(evidence.id)}`, {
        definition_of_done: true,
      }),
    );
    const mention = `@[${users.responder.email}](user:${users.responder.personId})`;
    const comment = one(
      await call('commander', 'POST', '/comments', {
        incident_id: id,
        hypothesis_id: root.id,
        comment: `${mention} can you look?`,
      }),
    );
    one(
      await call('commander', 'PATCH', `/comments?id=eq.${String(comment.id)}`, {
        comment: `${mention} can you look at the logs?`,
      }),
    );
    one(
      await call('commander', 'POST', '/responders', {
        incident_id: id,
        person_id: users.responder.personId,
        properties: { responderType: 'person' },
      }),
    );
    one(await call('responder', 'PATCH', `/incidents?id=eq.${id}`, { status: 'mitigated' }));

    const history = await call('viewer', 'GET', `/incident_histories?incident_id=eq.${id}&order=created_at`);
    const rows = history.body as Row[];
    expect(rows.map((r) => r.type).sort()).toEqual([...INCIDENT_HISTORY_TYPES].sort());
    const by = (type: string) => rows.find((r) => r.type === type)!;
    expect(by('incident.created').created_by).toBe(users.commander.personId);
    expect(by('incident.status_updated')).toMatchObject({
      created_by: users.responder.personId,
      description: 'open → mitigated',
    });
    expect(by('hypothesis.status_updated').created_by).toBe(users.responder.personId);
    expect(by('evidence.done_definition_added').created_by).toBe(users.responder.personId);
    expect(by('responder.comment_edited')).toMatchObject({
      created_by: users.commander.personId,
      comment_id: comment.id,
      description: `${mention} can you look at the logs?`,
    });

    const mentions = await server.db.query(`SELECT person_id FROM comment_mentions`);
    expect(mentions.rows).toContainEqual({ person_id: users.responder.personId });

    const events = await server.db.query<{ name: string }>(
      `SELECT name FROM event_queue WHERE name LIKE 'incident.%' AND properties->>'id' = $1 ORDER BY name`,
      [id],
    );
    expect(events.rows.map((e) => e.name)).toEqual([
      'incident.comment.added',
      'incident.created',
      'incident.dod.added',
      'incident.responder.added',
      'incident.status.mitigated',
    ]);
  });

  it('reads the list with nested hypotheses, evidence, commander and responders, and the summary views', async () => {
    const incident = await newIncident('Nested');
    const id = String(incident.id);
    one(
      await call('commander', 'PATCH', `/incidents?id=eq.${id}`, { commander_id: users.commander.personId }),
    );
    const root = one(
      await call('commander', 'POST', '/hypotheses', { incident_id: id, type: 'root', title: 'R' }),
    );
    one(
      await call('commander', 'POST', '/evidences', {
        hypothesis_id: root.id,
        type: 'comment',
        description: 'd',
      }),
    );
    one(
      await call('commander', 'POST', '/responders', {
        incident_id: id,
        person_id: users.responder.personId,
        properties: { responderType: 'person' },
      }),
    );
    const list = await call(
      'viewer',
      'GET',
      `/incidents?id=eq.${id}&select=*,commander:commander_id(id,name),hypotheses(id,type,evidences(id,type)),responders(id,person:person_id(id,name))`,
    );
    expect(list.status).toBe(200);
    const row = (list.body as Row[])[0]!;
    expect(row.commander).toMatchObject({ id: users.commander.personId });
    expect(row.hypotheses).toEqual([
      { id: root.id, type: 'root', evidences: [expect.objectContaining({ type: 'comment' })] },
    ]);
    expect((row.responders as Row[])[0]!.person).toMatchObject({ id: users.responder.personId });
    const summary = await call('viewer', 'GET', `/incident_summary?id=eq.${id}`);
    expect((summary.body as Row[])[0]).toMatchObject({
      hypotheses_count: 1,
      commander: { id: users.commander.personId },
    });
    expect(((summary.body as Row[])[0]!.responders as Row[]).length).toBe(1);
  });

  it('refuses a definition-of-done script that does not compile', async () => {
    const incident = await newIncident();
    const root = one(
      await call('commander', 'POST', '/hypotheses', { incident_id: incident.id, type: 'root', title: 'R' }),
    );
    const bad = await call('commander', 'POST', '/evidences', {
      hypothesis_id: root.id,
      type: 'comment',
      description: 'x',
      script: 'check.status ==',
    });
    expect(bad.status).toBe(400);
    expect(message(bad)).toMatch(/^script:/);
  });
});
