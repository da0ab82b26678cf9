import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { call, createPlaybook, echoAction, messageOf, uniqueName, type Row } from './client.js';
import { runsOf } from './fixtures.js';

describe.each(DB_KINDS)('playbook webhooks and approvals on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  let approver: SignedIn;
  let teammate: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    editor = await signIn(server, 'editor');
    approver = await signIn(server, 'editor');
    teammate = await signIn(server, 'editor');
    other = await signIn(server, 'editor');
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO teams (name) VALUES ('sre') RETURNING id`,
    );
    await server.db.query('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [
      rows[0]!.id,
      teammate.personId,
    ]);
  });
  afterAll(() => server.close());

  const hook = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}/api/playbook/webhook/${path}`, init).then(async (r) => ({
      status: r.status,
      headers: r.headers,
      body: (await r.json()) as Row,
    }));

  it('answers without a session: 404 for an unknown path, a run with the request for a known one', async () => {
    const unknown = await hook('nothing/here', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('playbook(webhook_path=nothing/here) not found');
    const path = `deploy/${uniqueName('hook')}`;
    const pb = await createPlaybook(server, editor, { on: { webhook: { path } }, actions: [echoAction] });
    const ok = await hook(`${path}?env=prod`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-source': 'ci' },
      body: '{"ref":"main"}',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'ok' });
    const [run] = await runsOf(server.db, String(pb.id));
    expect(run).toMatchObject({
      id: ok.body.run_id,
      trigger: 'webhook',
      created_by: null,
      status: 'scheduled',
    });
    expect(run!.request).toMatchObject({
      method: 'POST',
      params: { env: 'prod' },
      content: '{"ref":"main"}',
      json: { ref: 'main' },
      headers: { 'x-source': 'ci' },
    });
    const get = await hook(path);
    expect(get.status).toBe(200);
  });

  it('checks basic authentication', async () => {
    const path = uniqueName('basic');
    await createPlaybook(server, editor, {
      on: { webhook: { path, authentication: { basic: { username: 'ci', password: { value: 's3cret' } } } } },
      actions: [echoAction],
    });
    const none = await hook(path, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
    expect(
      (await hook(path, { method: 'POST', headers: { authorization: basic('ci', 'nope') } })).status,
    ).toBe(401);
    const ok = await hook(path, { method: 'POST', headers: { authorization: basic('ci', 's3cret') } });
    expect(ok.status).toBe(200);
  });

  it('checks a GitHub signature over the raw body', async () => {
    const path = uniqueName('gh');
    await createPlaybook(server, editor, {
      on: { webhook: { path, authentication: { github: { token: 'gh-token' } } } },
      actions: [echoAction],
    });
    const body = '{"action":"opened",  "n": 1}';
    const sig = `sha256=${crypto.createHmac('sha256', 'gh-token').update(body).digest('hex')}`;
    const headers = { 'content-type': 'application/json' };
    const good = await hook(path, {
      method: 'POST',
      headers: { ...headers, 'x-hub-signature-256': sig },
      body,
    });
    expect(good.status).toBe(200);
    const bad = await hook(path, {
      method: 'POST',
      headers: { ...headers, 'x-hub-signature-256': sig },
      body: body.replace('1', '2'),
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid signature');
  });

  const approvalSpec = (type: 'any' | 'all', people: string[], teams: string[] = []) => ({
    approval: { type, approvers: { people, teams } },
    actions: [echoAction],
  });
  const run = async (who: SignedIn, id: unknown) => {
    const a = await call(server, who, 'POST', '/api/playbook/run', { id });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    return (a.body as { run_id: string }).run_id;
  };
  const statusOf = async (id: string) =>
    (await server.db.query<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1', [id]))
      .rows[0]!.status;
  const approve = (who: SignedIn, id: string) => call(server, who, 'POST', `/api/playbook/run/approve/${id}`);

  it('waits for approval; `any` is scheduled by one approver; others get 403', async () => {
    const pb = await createPlaybook(server, editor, approvalSpec('any', [approver.email], ['sre']));
    const id = await run(editor, pb.id);
    expect(await statusOf(id)).toBe('pending_approval');
    const refused = await approve(other, id);
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toBe('you are not allowed to approve this playbook run');
    const ok = await approve(teammate, id);
    expect(ok.body).toEqual({ message: 'playbook run approved' });
    expect(await statusOf(id)).toBe('scheduled');
    const { rows } = await server.db.query<Row>(
      `SELECT name FROM event_queue WHERE name = 'playbook.approval.inserted' AND properties->>'run_id' = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
  });

  it('`all` needs every listed person and team', async () => {
    const pb = await createPlaybook(server, editor, approvalSpec('all', [approver.email], ['sre']));
    const id = await run(editor, pb.id);
    await approve(approver, id);
    expect(await statusOf(id)).toBe('pending_approval');
    await approve(teammate, id);
    expect(await statusOf(id)).toBe('scheduled');
  });

  it('approves at once a run its approver starts, and refuses approval where none is needed', async () => {
    const pb = await createPlaybook(server, editor, approvalSpec('any', [approver.email]));
    const id = await run(approver, pb.id);
    expect(await statusOf(id)).toBe('scheduled');
    const plain = await createPlaybook(server, editor, { actions: [echoAction] });
    const plainRun = await run(editor, plain.id);
    const refused = await approve(approver, plainRun);
    expect(refused.status).toBe(400);
    expect(messageOf(refused)).toBe('this playbook does not require approval');
  });
});
