import { actionKind, type PlaybookAction } from '@opsdeck/shared';
import { errorMessage, type ActionContext, type ActionOutcome, type ActionRunner } from './action.js';
import { execAction } from './exec.js';
import { httpAction } from './http.js';
import { notificationAction } from './notification.js';
import { sqlAction } from './sql.js';

export type { ActionContext, ActionOutcome, ActionRunner, Json } from './action.js';

/** The action kinds Opsdeck runs, one file each. */
export const ACTION_RUNNERS: Readonly<Record<string, ActionRunner>> = {
  exec: execAction,
  http: httpAction,
  sql: sqlAction,
  notification: notificationAction,
};

/**
 * Runs the action's body (rendered already). A kind Opsdeck does not run fails the action with
 * 'action kind X is not supported'; an exception inside a runner fails it with its message.
 */
export async function runAction(action: PlaybookAction, a: ActionContext): Promise<ActionOutcome> {
  const kind = actionKind(action);
  if (!kind) return { result: null, error: `action ${action.name} is empty` };
  const runner = Object.hasOwn(ACTION_RUNNERS, kind) ? ACTION_RUNNERS[kind] : undefined;
  if (!runner) return { result: null, error: `action kind ${kind} is not supported` };
  try {
    return await runner(action[kind], a);
  } catch (e) {
    return { result: null, error: errorMessage(e) };
  }
}
