import { parseDuration, type PlaybookAction } from '@opsdeck/shared';
import { evalCel } from '../../expr/index.js';
import type { PlaybookTemplateEnv } from '../template-env.js';
import { conditionOf } from './plan.js';
import type { RunActions } from './functions.js';

/** The variables of a run's CEL expressions: the template environment, as plain data. */
export function celVars(env: PlaybookTemplateEnv): Record<string, unknown> {
  return { ...env };
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  return JSON.stringify(v) ?? 'null';
}

/**
 * Whether the action runs: its `if` (default `success()`) must give true; false or `skip()`
 * skip it. Anything else is an error for the action. Throws CelError for a bad expression.
 */
export function shouldRun(action: PlaybookAction, env: PlaybookTemplateEnv, actions: RunActions): boolean {
  const condition = conditionOf(action) ?? 'success()';
  const result = text(evalCel(condition, celVars(env), { functions: actions.celFunctions() })).trim();
  if (result === 'true') return true;
  if (result === 'false' || result === 'skip') return false;
  throw new Error(`invalid action filter result (${result}) must be one of 'true', 'false', 'skip'`);
}

/** The action's `delay` in ms: a duration, or CEL giving one (e.g. `params.delay`). 0 when none. */
export function delayMs(action: PlaybookAction, env: PlaybookTemplateEnv, actions: RunActions): number {
  const delay = action.delay?.trim();
  if (!delay) return 0;
  const plain = parseDuration(delay, { defaultUnit: 's' });
  if (plain !== undefined) return plain;
  const value = evalCel(delay, celVars(env), { functions: actions.celFunctions() });
  const ms = parseDuration(typeof value === 'number' ? value : text(value), { defaultUnit: 's' });
  if (ms === undefined)
    throw new Error(`invalid delay (${text(value)}): expected a duration such as 30s or 5m`);
  return ms;
}
