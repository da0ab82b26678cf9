import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { call, createPlaybook, echoAction, messageOf, type Row } from './client.js';
import { insertCheck, insertConfig, runsOf } from './fixtures.js';

describe.each(DB_KINDS)('the playbook run API on %s', (kind) => {
  let server: TestServer;
  let editor: SignedIn;
  let viewer: SignedIn;
  let checkId: string;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    editor = await signIn(server, 'editor');
    viewer = await signIn(server, null);
    checkId = await insertCheck(server.db, { name: 'homepage', labels: { team: 'web' } });
    configId = await insertConfig(server.db, { name: 'api-0', tags: { env: 'prod' } });
  });
  afterAll(() => server.close());

  const run = (body: Row, who = editor) => call(server, who, 'POST', '/api/playbook/run', body);

  it('lists the playbooks whose selectors match the resource, and all of them without one', async () => {
    const forHttp = await createPlaybook(server, editor, {
      checks: [{ types: ['http'], labelSelector: 'team=web' }],
      actions: [echoAction],
    });
    const forOther = await createPlaybook(server, editor, {
      checks: [{ types: ['tcp'] }],
      actions: [echoAction],
    });
    const forPods = await createPlaybook(server, editor, {
      configs: [{ types: ['Kubernetes::*'], name: 'api-*', tagSelector: 'env=prod' }],
      parameters: [{ name: 'x' }],
      actions: [{ name: 'a', http: { url: 'http://example.com', password: { value: 'hunter2' } } }],
    });
    const byCheck = await call(server, viewer, 'GET', `/api/playbook/list?check_id=${checkId}`);
    const ids = (byCheck.body as Row[]).map((r) => r.id);
    expect(ids).toContain(forHttp.id);
    expect(ids).not.toContain(forOther.id);
    expect(ids).not.toContain(forPods.id);
    const byConfig = (await call(server, viewer, 'GET', `/api/playbook/list?config_id=${configId}`))
      .body as Row[];
    expect(byConfig.map((r) => r.id)).toEqual([forPods.id]);
    expect(byConfig[0]).toMatchObject({ name: forPods.name, parameters: [{ name: 'x' }], source: 'UI' });
    expect(JSON.stringify(byConfig[0]!.spec)).not.toContain('hunter2');
    const asEditor = (await call(server, editor, 'GET', `/api/playbook/list?config_id=${configId}`))
      .body as Row[];
    expect(JSON.stringify(asEditor[0]!.spec)).toContain('hunter2');
    const all = (await call(server, viewer, 'GET', '/api/playbook/list')).body as Row[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    const two = await call(
      server,
      viewer,
      'GET',
      `/api/playbook/list?config_id=${configId}&check_id=${checkId}`,
    );
    expect(two.status).toBe(400);
  });

  it('renders parameter defaults and properties against the resource', async () => {
    const pb = await createPlaybook(server, editor, {
      parameters: [
        { name: 'check', default: '{{.check.name}}' },
        { name: 'kind', default: 'chore: $(.config.type)', properties: { label: '{{ .config.name }}' } },
      ],
      actions: [echoAction],
    });
    const byCheck = await call(server, viewer, 'POST', `/api/playbook/${String(pb.id)}/params`, {
      id: pb.id,
      check_id: checkId,
    });
    expect(byCheck.status).toBe(200);
    expect((byCheck.body as { params: Row[] }).params[0]).toMatchObject({
      name: 'check',
      default: 'homepage',
    });
    const byConfig = await call(server, viewer, 'POST', `/api/playbook/${String(pb.id)}/params`, {
      id: pb.id,
      config_id: configId,
    });
    expect((byConfig.body as { params: Row[] }).params[1]).toMatchObject({
      default: 'chore: Kubernetes::Pod',
      properties: { label: 'api-0' },
    });
    const bad = await createPlaybook(server, editor, {
      parameters: [{ name: 'p', default: '{{ fail "no way" }}' }],
      actions: [echoAction],
    });
    const failed = await run({ id: bad.id });
    expect(failed.status).toBe(400);
    expect(messageOf(failed)).toBe('parameter p: template: line 1: function "fail" not defined');
  });

  it('creates a run (201) with parameters as strings, the spec copy, timeout in ns and its creator', async () => {
    const pb = await createPlaybook(server, editor, {
      timeout: '5m',
      parameters: [
        { name: 'who', default: '{{.check.name}}' },
        { name: 'n', required: true },
      ],
      actions: [echoAction],
    });
    const created = await run({ id: pb.id, check_id: checkId, params: { n: '3' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const body = created.body as { run_id: string; starts_at: string };
    expect(body.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const [row] = await runsOf(server.db, String(pb.id));
    expect(row).toMatchObject({
      id: body.run_id,
      status: 'scheduled',
      trigger: 'api',
      check_id: checkId,
      created_by: editor.personId,
      parameters: { who: 'homepage', n: '3' },
    });
    expect(Number(row!.timeout)).toBe(5 * 60 * 1e9);
    expect((row!.spec as Row).timeout).toBe('5m');
    const got = await call(server, viewer, 'GET', `/api/playbook/run/${body.run_id}`);
    expect(got.body).toMatchObject({ id: body.run_id, status: 'scheduled' });
    const status = await call(server, viewer, 'GET', `/api/playbook/run/${body.run_id}/status`);
    expect(status.body).toMatchObject({ playbook: { id: pb.id }, run: { id: body.run_id }, actions: [] });
  });

  it('answers 400 for parameter errors, bad durations, false filters and two resources', async () => {
    const pb = await createPlaybook(server, editor, {
      parameters: [
        { name: 'a', required: true },
        { name: 'b', required: true },
        { name: 'wait', type: 'duration', properties: { min: '5m', max: '1h' } },
        { name: 'size', type: 'list', properties: { options: [{ label: 'S', value: 's' }] } },
      ],
      actions: [echoAction],
    });
    expect(messageOf(await run({ id: pb.id }))).toBe('missing required parameter(s): a, b');
    const unknown = await run({ id: pb.id, params: { a: '1', b: '2', x: '3' } });
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown)).toBe('unknown parameter(s): x, valid parameters are: a, b, wait, size');
    const ok = { a: '1', b: '2' };
    expect(messageOf(await run({ id: pb.id, params: { ...ok, wait: '1m' } }))).toBe(
      'duration for parameter wait must be at least 5m',
    );
    expect(messageOf(await run({ id: pb.id, params: { ...ok, wait: '2h' } }))).toBe(
      'duration for parameter wait must be at most 1h',
    );
    expect(messageOf(await run({ id: pb.id, params: { ...ok, wait: 'soon' } }))).toBe(
      'invalid duration for parameter wait: soon',
    );
    expect(messageOf(await run({ id: pb.id, params: { ...ok, size: 'xl' } }))).toBe(
      'parameter size must be one of: s',
    );
    expect((await run({ id: pb.id, params: { ...ok, wait: '10m', size: 's' } })).status).toBe(201);
    const filtered = await createPlaybook(server, editor, {
      filters: ["check.name == 'nope' ? 'true' : 'only for nope'"],
      actions: [echoAction],
    });
    const refused = await run({ id: filtered.id, check_id: checkId });
    expect(refused.status).toBe(400);
    expect(messageOf(refused)).toBe('only for nope');
    expect((await run({ id: pb.id, check_id: checkId, config_id: configId, params: ok })).status).toBe(400);
  });

  it('counts the runs of a config item in config_detail', async () => {
    const pb = await createPlaybook(server, editor, { actions: [echoAction] });
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `SELECT (summary->>'playbook_runs')::int AS n FROM config_detail WHERE id = $1`,
          [configId],
        )
      ).rows[0]!.n;
    const before = await count();
    expect((await run({ id: pb.id, config_id: configId })).status).toBe(201);
    expect(await count()).toBe(before + 1);
    const agents = await server.db.query('SELECT playbook_runs_count FROM agents_summary');
    expect(agents.rows.every((r) => Number(r.playbook_runs_count) >= 0)).toBe(true);
  });

  it('answers 403 to a viewer and 404 for an unknown playbook or resource', async () => {
    const pb = await createPlaybook(server, editor, { actions: [echoAction] });
    expect((await run({ id: pb.id }, viewer)).status).toBe(403);
    const missing = await run({ id: '00000000-0000-0000-0000-0000000000aa' });
    expect(missing.status).toBe(404);
    expect(messageOf(missing)).toBe("playbook '00000000-0000-0000-0000-0000000000aa' not found");
    expect((await run({ id: pb.id, check_id: '00000000-0000-0000-0000-0000000000aa' })).status).toBe(404);
    expect(
      (await call(server, viewer, 'GET', '/api/playbook/run/00000000-0000-0000-0000-0000000000aa')).status,
    ).toBe(404);
  });

  it('cancels a run that has not ended, skips its open actions, and refuses a final one', async () => {
    const pb = await createPlaybook(server, editor, { actions: [echoAction] });
    const { run_id } = (await run({ id: pb.id })).body as { run_id: string };
    await server.db.query(
      `INSERT INTO playbook_run_actions (name, status, playbook_run_id) VALUES ('echo', 'running', $1)`,
      [run_id],
    );
    expect((await call(server, viewer, 'POST', `/api/playbook/run/cancel/${run_id}`)).status).toBe(403);
    const cancelled = await call(server, editor, 'POST', `/api/playbook/run/cancel/${run_id}`);
    expect(cancelled.body).toEqual({ message: 'playbook run cancelled' });
    const { rows } = await server.db.query<Row>(
      `SELECT r.status, r.end_time, a.status AS action FROM playbook_runs r
       JOIN playbook_run_actions a ON a.playbook_run_id = r.id WHERE r.id = $1`,
      [run_id],
    );
    expect(rows[0]).toMatchObject({ status: 'cancelled', action: 'skipped' });
    expect(rows[0]!.end_time).not.toBeNull();
    const { run_id: done } = (await run({ id: pb.id })).body as { run_id: string };
    await server.db.query(`UPDATE playbook_runs SET status = 'completed' WHERE id = $1`, [done]);
    const again = await call(server, editor, 'POST', `/api/playbook/run/cancel/${done}`);
    expect(again.status).toBe(400);
    expect(messageOf(again)).toBe(`playbook run(id=${done}) is in completed state and cannot be cancelled`);
    expect(
      (await call(server, editor, 'POST', '/api/playbook/run/cancel/00000000-0000-0000-0000-0000000000aa'))
        .status,
    ).toBe(404);
  });
});
