import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { runHandedAction, type AgentActionPayload } from '../../src/playbooks/index.js';
import { engineContext } from '../playbooks/engine-helpers.js';

// Only exec actions here: they never touch the database.
const ctx = engineContext({} as Db);
const never = new AbortController().signal;

function payload(actionSpec: Record<string, unknown>, extra: Partial<AgentActionPayload> = {}) {
  const id = crypto.randomUUID();
  return {
    run: { id: crypto.randomUUID(), playbook_id: crypto.randomUUID() },
    action_spec: { name: 'a', ...actionSpec },
    action: { id, name: 'a', retry_count: 0, timeout_ms: 10_000 },
    template_env: { env: { GREETING: 'hi' }, agent: { id: crypto.randomUUID(), name: 'edge' }, params: {} },
    templates_on: 'host',
    ...extra,
  } as AgentActionPayload;
}

describe('running a handed-out playbook action on the agent', () => {
  it('runs the body as given (rendered upstream), with the spec env, and reports completed', async () => {
    const p = payload({
      exec: { script: 'echo "{{.agent.name}} $GREETING"', env: [{ name: 'GREETING', value: 'hey' }] },
    });
    const r = await runHandedAction(ctx, p, never);
    expect(r).toMatchObject({ id: p.action.id, status: 'completed', error: null });
    expect(r.result).toMatchObject({ stdout: '{{.agent.name}} hey\n', exitCode: 0 });
  });

  it('renders on the agent with templatesOn: agent', async () => {
    const r = await runHandedAction(
      ctx,
      payload({ exec: { script: 'echo {{.agent.name}}' } }, { templates_on: 'agent' }),
      never,
    );
    expect(r.result).toMatchObject({ stdout: 'edge\n' });
  });

  it('fails on a non-zero exit, at the time the upstream gave, and on an invalid spec', async () => {
    expect(await runHandedAction(ctx, payload({ exec: { script: 'exit 3' } }), never)).toMatchObject({
      status: 'failed',
      error: 'exit code 3',
    });
    const slow = payload({ exec: { script: 'sleep 5' } });
    slow.action.timeout_ms = 300;
    const started = Date.now();
    const r = await runHandedAction(ctx, slow, never);
    expect(r).toMatchObject({ status: 'failed', error: 'timed out after 0s' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await runHandedAction(ctx, payload({ exec: { script: 'x' }, bogus: 1 }), never)).toMatchObject({
      status: 'failed',
    });
  });
});
