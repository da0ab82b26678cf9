import type { PlaybookAction, PlaybookSpec } from '@opsdeck/shared';
import type { Queryable } from '../../db/types.js';
import { renderDeep } from '../../expr/index.js';
import { LOCAL_AGENT, type PlaybookTemplateEnv } from '../template-env.js';

/** Where an action runs: here (the all-zero local agent) or on a registered agent. */
export type AgentTarget = { id: string; name: string };

export const isLocal = (t: AgentTarget) => t.id === LOCAL_AGENT.id;

async function find(q: Queryable, nameOrId: string): Promise<AgentTarget | undefined> {
  const { rows } = await q.query<AgentTarget>(
    `SELECT id, name FROM agents
      WHERE deleted_at IS NULL AND id <> $2::uuid AND (name = $1 OR id::text = lower($1))
      ORDER BY (name = $1) DESC LIMIT 1`,
    [nameOrId, LOCAL_AGENT.id],
  );
  return rows[0];
}

/**
 * The agent an action runs on, as Mission Control chooses it: the run's own agent, else the
 * action's `runsOn`, else the spec's, else here. `runsOn` entries are agent names or ids
 * (templated), `local` meaning here; the first one that names a live agent wins. None does:
 * an error "failed to find any agent (…)" that fails the run.
 */
export async function chooseAgent(
  q: Queryable,
  runAgentId: string | null | undefined,
  spec: PlaybookSpec,
  action: PlaybookAction,
  env: PlaybookTemplateEnv,
): Promise<AgentTarget> {
  if (runAgentId && runAgentId !== LOCAL_AGENT.id) {
    const agent = await find(q, runAgentId);
    if (!agent) throw new Error(`failed to find any agent (${runAgentId})`);
    return agent;
  }
  const list = action.runsOn?.length ? action.runsOn : (spec.runsOn ?? []);
  if (!list.length) return { ...LOCAL_AGENT };
  const names = (renderDeep(list, env) as unknown[]).map((n) => String(n).trim()).filter(Boolean);
  for (const name of names) {
    if (name === LOCAL_AGENT.name) return { ...LOCAL_AGENT };
    const agent = await find(q, name);
    if (agent) return agent;
  }
  throw new Error(`failed to find any agent (${names.join(', ')})`);
}
