import { parseDuration, type PlaybookAction } from '@opsdeck/shared';
import type { ServerContext } from '../../context.js';
import { errorMessage } from '../actions/action.js';
import type { PlaybookTemplateEnv } from '../template-env.js';
import type { AgentTarget } from './agent-target.js';
import { shouldRun } from './conditions.js';
import { RunActions } from './functions.js';
import type { ActionRow } from './plan.js';
import { finishAction, handToAgent } from './store.js';

export type ToAgent = {
  held: { id: string; owner: string };
  action: PlaybookAction;
  /** The attempt, `running` here until it is handed over. */
  row: ActionRow;
  rows: readonly ActionRow[];
  env: PlaybookTemplateEnv;
  /** When the run must end (epoch ms). */
  deadline: number;
  target: AgentTarget;
};

/**
 * An attempt that runs on an agent. Its `if` is judged here, where the run's other actions
 * are (skipped or failed at once, like a local one); otherwise it waits for the agent until its
 * own timeout, capped by the run's, and the run waits with it. Returns the attempt when it
 * ended here, `waiting` when the agent has it, `lost` when the run stopped being ours.
 */
export async function toAgent(
  ctx: ServerContext,
  t: ToAgent,
): Promise<{ row: ActionRow } | { waiting: true } | { lost: true }> {
  const settle = async (outcome: Parameters<typeof finishAction>[2]) => {
    const row = await finishAction(ctx.db, t.row.id, outcome);
    return row ? { row } : { lost: true as const };
  };
  // A retry is judged like the first attempt: its own earlier failures do not make success() false.
  const actions = new RunActions(t.rows.filter((r) => r.name !== t.action.name));
  try {
    if (!shouldRun(t.action, t.env, actions)) return await settle({ status: 'skipped' });
  } catch (e) {
    return settle({ status: 'failed', error: errorMessage(e) });
  }
  const runLeft = t.deadline - Date.now();
  const own = t.action.timeout ? parseDuration(t.action.timeout) : undefined;
  const waitMs = Math.max(1, Math.min(own || runLeft, runLeft));
  const handed = await handToAgent(ctx.db, t.held, t.row.id, t.target.id, waitMs);
  return handed ? { waiting: true } : { lost: true };
}
