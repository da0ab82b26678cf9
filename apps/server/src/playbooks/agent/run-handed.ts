import { actionKind, playbookActionSchema } from '@opsdeck/shared';
import type { ServerContext } from '../../context.js';
import { errorMessage, type ActionOutcome } from '../actions/action.js';
import { runAction } from '../actions/index.js';
import { renderActionBody } from '../actions/render-body.js';
import { playbookScriptEnv } from '../script-env.js';
import type { AgentActionPayload, AgentActionResult } from './wire.js';

/** What an attempt says when the agent stops while running it. */
export const AGENT_STOPPED_MESSAGE = 'the agent stopped while this action was running';

/**
 * Runs, on the agent, an attempt its upstream handed out: with the same runners as a local
 * action (exec in this server's sandbox, http through its outbound policy, sql with its
 * connections), under the time the upstream gave it. Templates are rendered here only with
 * `templatesOn: agent` (else the upstream did). Never throws: every failure is the outcome.
 */
export async function runHandedAction(
  ctx: ServerContext,
  payload: AgentActionPayload,
  shutdown: AbortSignal,
): Promise<AgentActionResult> {
  const started = new Date().toISOString();
  const done = (outcome: ActionOutcome): AgentActionResult => ({
    id: payload.action.id,
    status: outcome.error === undefined ? 'completed' : 'failed',
    result: outcome.result,
    error: outcome.error ?? null,
    start_time: started,
    end_time: new Date().toISOString(),
  });
  const parsed = playbookActionSchema.safeParse(payload.action_spec);
  if (!parsed.success)
    return done({ result: null, error: `invalid action: ${parsed.error.issues[0]?.message ?? ''}` });
  let action = parsed.data;
  const kind = actionKind(action);
  if (payload.templates_on === 'agent' && kind) {
    try {
      action = { ...action, [kind]: renderActionBody(kind, action[kind], payload.template_env) };
    } catch (e) {
      return done({ result: null, error: errorMessage(e) });
    }
  }
  const timeoutMs = payload.action.timeout_ms;
  const limit = new AbortController();
  const timer = setTimeout(
    () => limit.abort(new Error(`timed out after ${Math.round(timeoutMs / 1000)}s`)),
    timeoutMs,
  );
  const signal = AbortSignal.any([shutdown, limit.signal]);
  let outcome: ActionOutcome;
  try {
    outcome = await runAction(action, {
      ctx,
      signal,
      timeoutMs,
      env: payload.template_env.env,
      scriptEnv: playbookScriptEnv(payload.template_env),
    });
  } finally {
    clearTimeout(timer);
  }
  if (shutdown.aborted) return done({ result: outcome.result, error: AGENT_STOPPED_MESSAGE });
  if (limit.signal.aborted && outcome.error === undefined)
    return done({ result: outcome.result, error: `timed out after ${Math.round(timeoutMs / 1000)}s` });
  return done(outcome);
}
