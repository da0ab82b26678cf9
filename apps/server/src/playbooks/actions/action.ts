import type { ServerContext } from '../../context.js';

/** JSON as stored in `playbook_run_actions.result`. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type ActionContext = {
  ctx: ServerContext;
  /** Fires on the action's timeout (capped by the run's), a cancel, or shutdown. */
  signal: AbortSignal;
  timeoutMs: number;
  /** The spec's `env`, by name (already resolved). */
  env: Readonly<Record<string, string>>;
  /**
   * What scripts get from the run as environment variables (`COMPONENT_NAME`, `PARAM_<NAME>`…,
   * playbooks/script-env.ts): event values as data, never spliced into a script's text.
   */
  scriptEnv: Readonly<Record<string, string>>;
};

/** What an action ended with: `error` set means the action failed (its result is still stored). */
export type ActionOutcome = { result: Json; error?: string };

/** One action kind: takes its rendered body, never throws for the action's own failures. */
export type ActionRunner = (body: unknown, a: ActionContext) => Promise<ActionOutcome>;

/** A failure with a message for the run page (a thrown Error's message otherwise). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** The last `max` characters of a text, for error messages that quote output. */
export function tail(text: string, max = 2000): string {
  const t = text.trimEnd();
  return t.length > max ? `…${t.slice(-max)}` : t;
}

/** Why the signal fired (the engine aborts with an Error naming it: 'timed out', 'cancelled'). */
export function abortMessage(signal: AbortSignal): string | undefined {
  if (!signal.aborted) return undefined;
  return errorMessage(signal.reason);
}
