import { actionKind, playbookSpecSchema } from '@opsdeck/shared';
import type { Db } from '../../db/types.js';
import { renderActionBody } from '../actions/render-body.js';
import { errorMessage } from '../actions/action.js';
import { RunActions } from '../engine/functions.js';
import { actionRows } from '../engine/store.js';
import { loadRunTemplateEnv, type RunForEnv } from '../template-env.js';
import type { AgentActionPayload } from './wire.js';

export type AgentRef = { id: string; name: string };

type Claimed = {
  id: string;
  name: string;
  status: string;
  retry_count: number;
  playbook_run_id: string;
  agent_id: string;
  start_time: string;
  scheduled_time: string;
  deadline: string | null;
  timeout_ms: string;
};

type RunRow = RunForEnv & { spec: unknown; agent_id: string; timeout: string };

/** What opens a run's secret parameters and reads its env's valueFrom (loadRunTemplateEnv). */
type EnvSources = Parameters<typeof loadRunTemplateEnv>[3];

/**
 * Takes the oldest attempt waiting for this agent, in one statement: the row lock and the
 * `status = 'waiting'` guard make two polls (of one agent or two processes) never get the same.
 */
async function claimOne(db: Db, agentId: string): Promise<Claimed | undefined> {
  const { rows } = await db.query<Claimed>(
    `UPDATE playbook_run_actions a SET status = 'running', start_time = now()
     FROM (
       SELECT w.id FROM playbook_run_actions w JOIN playbook_runs r ON r.id = w.playbook_run_id
        WHERE w.agent_id = $1 AND w.status = 'waiting' AND r.status = 'waiting'
          AND coalesce(w.deadline, 'infinity') > now()
        ORDER BY w.scheduled_time, w.id
        LIMIT 1
        FOR UPDATE OF w SKIP LOCKED
     ) due
     WHERE a.id = due.id AND a.status = 'waiting'
     RETURNING a.id, a.name, a.status, a.retry_count, a.playbook_run_id, a.agent_id,
       to_json(a.start_time) #>> '{}' AS start_time, to_json(a.scheduled_time) #>> '{}' AS scheduled_time,
       to_json(a.deadline) #>> '{}' AS deadline,
       greatest(1, round(extract(epoch FROM coalesce(a.deadline, now() + interval '30 minutes') - now()) * 1000))::text AS timeout_ms`,
    [agentId],
  );
  return rows[0];
}

/** An attempt that cannot be handed out (its spec or templates are broken) fails here; its run goes on. */
async function failHere(db: Db, claimed: Claimed, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const res = await tx.query(
      `UPDATE playbook_run_actions SET status = 'failed', error = $2, end_time = now()
       WHERE id = $1 AND status = 'running'`,
      [claimed.id, error],
    );
    if (res.affectedRows)
      await tx.query(
        `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'waiting'`,
        [claimed.playbook_run_id],
      );
  });
}

/** What the agent needs to run the claimed attempt; a string is why it cannot. */
async function payloadOf(
  db: Db,
  agent: AgentRef,
  claimed: Claimed,
  from: EnvSources,
): Promise<AgentActionPayload | string> {
  const { rows } = await db.query<RunRow>(
    `SELECT id, playbook_id, spec, status, created_at, start_time, created_by, check_id, config_id,
       component_id, parameters, secret_parameters, request, trigger, parent_id, agent_id, timeout::text AS timeout
     FROM playbook_runs WHERE id = $1`,
    [claimed.playbook_run_id],
  );
  const run = rows[0];
  if (!run) return `playbook run(id=${claimed.playbook_run_id}) not found`;
  const parsed = playbookSpecSchema.safeParse(run.spec);
  if (!parsed.success) return `invalid playbook spec: ${parsed.error.issues[0]?.message ?? ''}`;
  const spec = parsed.data;
  const action = spec.actions.find((a) => a.name === claimed.name);
  if (!action) return `action ${claimed.name} is not in the run's spec`;
  const env = { ...(await loadRunTemplateEnv(db, run, spec, from)), agent: { ...agent } };
  const templatesOn = action.templatesOn ?? spec.templatesOn ?? 'host';
  // It runs there: the agent must not route it again.
  const { runsOn: _runsOn, ...rest } = action;
  let actionSpec: Record<string, unknown> = rest;
  const kind = actionKind(action);
  if (templatesOn === 'host' && kind) {
    const others = new RunActions((await actionRows(db, run.id)).filter((r) => r.name !== action.name));
    actionSpec = { ...rest, [kind]: renderActionBody(kind, action[kind], env, others.templateFunctions()) };
  }
  // The sealed values stay here: the agent gets the clear ones in template_env only.
  const { secret_parameters: _sealed, ...shown } = run;
  return {
    run: { ...shown, timeout: Number(shown.timeout) },
    action_spec: { ...actionSpec, name: action.name },
    action: { ...claimed, timeout_ms: Number(claimed.timeout_ms) },
    template_env: env,
    templates_on: templatesOn,
  };
}

/**
 * The next attempt waiting for `agent`, claimed (`running`) and ready to send, or undefined
 * when none waits. One whose templates fail to render fails here with that error.
 */
export async function claimAgentAction(
  db: Db,
  agent: AgentRef,
  from: EnvSources,
): Promise<AgentActionPayload | undefined> {
  for (;;) {
    const claimed = await claimOne(db, agent.id);
    if (!claimed) return undefined;
    let payload: AgentActionPayload | string;
    try {
      payload = await payloadOf(db, agent, claimed, from);
    } catch (e) {
      payload = errorMessage(e);
    }
    if (typeof payload !== 'string') return payload;
    await failHere(db, claimed, payload);
  }
}
