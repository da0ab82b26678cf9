import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDuePlaybooks } from '../../src/playbooks/engine/index.js';
import { sweep } from '../../src/playbooks/engine/sweep.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { attempts, exec, insertRun, runRow } from '../playbooks/engine-helpers.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Polled = {
  status: number;
  body: {
    run?: { id: string };
    action?: { id: string; name: string; timeout_ms: number };
    action_spec?: { name: string; exec?: { script: string }; runsOn?: unknown };
    template_env?: { agent: { id: string; name: string }; params: Record<string, string> };
    templates_on?: string;
  };
};

describe.each(DB_KINDS)('playbook actions on agents, upstream side, on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  const agents: Record<string, { id: string; token: string }> = {};
  const poll = async (name: string, wait = 0): Promise<Polled> => {
    const res = await fetch(`${server.baseUrl}/api/upstream/playbook-action?wait=${wait}`, {
      headers: bearer(agents[name]!.token),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Polled['body']) : {} };
  };
  const push = async (name: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}/api/upstream/push`, {
      method: 'POST',
      headers: { ...bearer(agents[name]!.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  /** Runs the engine until nothing is due (the agent's part is the test's). */
  const engine = () => runDuePlaybooks(server.ctx, { watchMs: 100 });

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    admin = await signIn(server, 'admin');
    for (const name of ['edge', 'west']) {
      const res = await fetch(`${server.baseUrl}/api/agent/generate`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      const g = (await res.json()) as { access_token: string };
      const { rows } = await server.db.query<{ id: string }>('SELECT id FROM agents WHERE name = $1', [name]);
      agents[name] = { id: rows[0]!.id, token: g.access_token };
    }
  });
  afterAll(() => server.close());

  it('hands a runsOn action to its agent: waiting, claimed once, rendered on the host, outcome stored, run goes on here', async () => {
    const runId = await insertRun(
      server.db,
      {
        parameters: [{ name: 'who', label: 'Who' }],
        actions: [
          exec('on-edge', 'echo hello {{.params.who}} from {{.agent.name}}', { runsOn: ['edge'] }),
          exec('after', 'echo "edge said {{ (getAction "on-edge").result.stdout }}"'),
        ],
      },
      { parameters: { who: 'ops' } },
    );
    await engine();
    expect((await runRow(server.db, runId)).status).toBe('waiting');
    const [waiting] = await attempts(server.db, runId);
    expect(waiting).toMatchObject({ name: 'on-edge', status: 'waiting', start_time: null });
    const { rows: agentCol } = await server.db.query(`SELECT agent FROM get_playbook_run_actions($1)`, [
      runId,
    ]);
    expect(agentCol[0]).toEqual({ agent: { id: agents.edge!.id, name: 'edge' } });

    // Another agent's poll gets nothing; two polls of the right agent at once get it once.
    expect((await poll('west')).status).toBe(204);
    const [a, b] = await Promise.all([poll('edge'), poll('edge')]);
    const got = [a, b].filter((p) => p.status === 200);
    expect(got).toHaveLength(1);
    expect([a, b].map((p) => p.status).sort()).toEqual([200, 204]);
    const handed = got[0]!.body;
    expect(handed.run?.id).toBe(runId);
    expect(handed.action?.name).toBe('on-edge');
    expect(handed.action_spec?.exec?.script).toBe('echo hello ops from edge');
    expect(handed.action_spec?.runsOn).toBeUndefined();
    expect(handed.template_env?.agent).toEqual({ id: agents.edge!.id, name: 'edge' });
    expect(handed.templates_on).toBe('host');
    expect(handed.action?.timeout_ms).toBeGreaterThan(1_700_000);
    expect((await attempts(server.db, runId))[0]?.status).toBe('running');

    // The other agent cannot report it; the right one can, once.
    const outcome = {
      id: handed.action!.id,
      status: 'completed',
      result: { stdout: 'hello ops from edge\n', stderr: '', exitCode: 0 },
    };
    const refused = await push('west', { playbook_actions: [outcome] });
    expect(refused.status).toBe(200);
    expect(refused.json.refused).toEqual([
      { table: 'playbook_actions', key: { id: handed.action!.id }, reason: 'belongs to another agent' },
    ]);
    const saved = await push('edge', { playbook_actions: [outcome] });
    expect(saved.json).toMatchObject({ saved: { playbook_actions: 1 }, refused: [] });
    expect((await runRow(server.db, runId)).status).toBe('scheduled');
    const again = await push('edge', { playbook_actions: [outcome] });
    expect(again.json.refused).toEqual([
      {
        table: 'playbook_actions',
        key: { id: handed.action!.id },
        reason: 'is no longer running (completed)',
      },
    ]);

    await engine();
    const run = await runRow(server.db, runId);
    expect(run.status).toBe('completed');
    const rows = await attempts(server.db, runId);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['on-edge', 'completed'],
      ['after', 'completed'],
    ]);
    expect(rows[1]?.result).toMatchObject({ stdout: 'edge said hello ops from edge\n\n' });
  });

  it('fails the run at once when runsOn names no live agent; spec.runsOn and ids work; local runs here', async () => {
    const unknown = await insertRun(server.db, {
      actions: [exec('nowhere', 'echo hi', { runsOn: ['mars', 'venus'] })],
    });
    await engine();
    expect(await runRow(server.db, unknown)).toMatchObject({
      status: 'failed',
      error: 'failed to find any agent (mars, venus)',
    });
    const byId = await insertRun(server.db, {
      runsOn: ['mars', agents.west!.id],
      actions: [exec('by-id', 'echo hi')],
    });
    await engine();
    expect((await runRow(server.db, byId)).status).toBe('waiting');
    const polled = await poll('west');
    expect(polled.body.run?.id).toBe(byId);
    await push('west', {
      playbook_actions: [
        { id: polled.body.action!.id, status: 'failed', result: null, error: 'exit code 1' },
      ],
    });
    await engine();
    expect((await runRow(server.db, byId)).status).toBe('failed');
    expect((await attempts(server.db, byId))[0]).toMatchObject({ status: 'failed', error: 'exit code 1' });

    const local = await insertRun(server.db, {
      runsOn: ['edge'],
      actions: [exec('here', 'echo here', { runsOn: ['local'] })],
    });
    await engine();
    expect((await runRow(server.db, local)).status).toBe('completed');
  });

  it('a waiting action past its timeout fails "timed out waiting for agent edge" and later actions and runs go on', async () => {
    const runId = await insertRun(server.db, {
      actions: [
        exec('slow-agent', 'echo never', { runsOn: ['edge'], timeout: '1s' }),
        exec('cleanup', 'echo cleaned', { if: 'failure()' }),
      ],
    });
    await engine();
    expect((await runRow(server.db, runId)).status).toBe('waiting');
    // Claimed but never answered: the deadline still holds.
    const polled = await poll('edge');
    expect(polled.body.action?.timeout_ms).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, 1200));
    await sweep(server.db);
    await engine();
    const run = await runRow(server.db, runId);
    expect(run.status).toBe('failed');
    const rows = await attempts(server.db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([
      ['slow-agent', 'failed', 'timed out waiting for agent edge'],
      ['cleanup', 'completed', null],
    ]);
    // A late answer is refused; the next run on that agent is not held back.
    const late = await push('edge', {
      playbook_actions: [{ id: polled.body.action!.id, status: 'completed', result: {} }],
    });
    expect((late.json.refused as { reason: string }[])[0]?.reason).toMatch(/no longer running \(failed/);
    const next = await insertRun(server.db, { actions: [exec('next', 'echo next', { runsOn: ['edge'] })] });
    await engine();
    expect((await poll('edge')).body.run?.id).toBe(next);
  });

  it('the run timeout covers an action nobody claimed; cancel closes a waiting action', async () => {
    const runId = await insertRun(
      server.db,
      { actions: [exec('unclaimed', 'echo x', { runsOn: ['west'] })] },
      { timeoutNs: 1_000_000_000 },
    );
    await engine();
    expect((await runRow(server.db, runId)).status).toBe('waiting');
    await new Promise((r) => setTimeout(r, 1200));
    await sweep(server.db);
    expect((await runRow(server.db, runId)).status).toBe('timed_out');
    expect((await attempts(server.db, runId))[0]).toMatchObject({
      status: 'failed',
      error: 'timed out waiting for agent west',
    });
    expect((await poll('west')).status).toBe(204);

    const cancelled = await insertRun(server.db, {
      actions: [exec('to-cancel', 'echo x', { runsOn: ['west'] })],
    });
    await engine();
    expect((await runRow(server.db, cancelled)).status).toBe('waiting');
    const res = await fetch(`${server.baseUrl}/api/playbook/run/cancel/${cancelled}`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    expect((await attempts(server.db, cancelled))[0]?.status).toBe('skipped');
    expect((await poll('west')).status).toBe(204);
  });

  it('the long poll waits and answers as soon as an action is handed to the agent', async () => {
    const started = Date.now();
    const waiting = poll('west', 10);
    await new Promise((r) => setTimeout(r, 300));
    const runId = await insertRun(server.db, { actions: [exec('soon', 'echo soon', { runsOn: ['west'] })] });
    await engine();
    const polled = await waiting;
    expect(polled.status).toBe(200);
    expect(polled.body.run?.id).toBe(runId);
    expect(Date.now() - started).toBeLessThan(5000);
    const nothing = Date.now();
    expect((await poll('west', 1)).status).toBe(204);
    expect(Date.now() - nothing).toBeGreaterThanOrEqual(900);
  });

  it('refuses callers that are not agents and bad outcomes', async () => {
    const res = await fetch(`${server.baseUrl}/api/upstream/playbook-action?wait=0`);
    expect(res.status).toBe(401);
    const bad = await push('edge', { playbook_actions: [{ id: 'nope', status: 'done' }] });
    expect(bad.status).toBe(400);
    const tooLong = await fetch(`${server.baseUrl}/api/upstream/playbook-action?wait=90`, {
      headers: bearer(agents.edge!.token),
    });
    expect(tooLong.status).toBe(400);
  });
});
