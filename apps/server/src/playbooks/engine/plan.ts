import { isFinalActionStatus, parseDuration, type PlaybookAction } from '@opsdeck/shared';

/** One row of `playbook_run_actions`: one attempt of one action. */
export type ActionRow = {
  id: string;
  name: string;
  status: string;
  retry_count: number;
  start_time: Date | string | null;
  scheduled_time: Date | string;
  end_time: Date | string | null;
  result: unknown;
  error: string | null;
};

/** What the run does next (Mission Control's ScheduleRun). */
export type Step =
  | { kind: 'end' }
  /** A row already waits for this action (after its delay or its retry back-off): run it now. */
  | { kind: 'resume'; action: PlaybookAction; row: ActionRow }
  /** Try the failed action again, as attempt `attempt`, after `waitMs`. */
  | { kind: 'retry'; action: PlaybookAction; attempt: number; waitMs: number }
  /** Start this action (its `delay` applies first). */
  | { kind: 'next'; action: PlaybookAction };

const PENDING = new Set(['scheduled', 'sleeping', 'waiting']);

/** The `if` of an action (Mission Control's docs call it `filter`). */
export function conditionOf(action: PlaybookAction): string | undefined {
  const c = (action.if ?? action.filter)?.trim();
  return c ? c : undefined;
}

/**
 * Wait before retry number `n` (0 for the first): duration × multiplier^n × (1 ± jitter%).
 * `random` is in [0, 1); tests pass a fixed one.
 */
export function retryWaitMs(
  retry: PlaybookAction['retry'],
  n: number,
  random: () => number = Math.random,
): number {
  if (!retry) return 0;
  const base = parseDuration(retry.duration ?? '0') ?? 0;
  const multiplier = retry.exponent?.multiplier ?? 1;
  const jitter = Math.min(100, Math.max(0, retry.jitter ?? 0)) / 100;
  const spread = jitter ? 1 + jitter * (2 * random() - 1) : 1;
  return Math.max(0, Math.round(base * multiplier ** n * spread));
}

/** The latest attempt of each action, by name. */
export function latestAttempts(rows: readonly ActionRow[]): Map<string, ActionRow> {
  const out = new Map<string, ActionRow>();
  for (const r of rows) {
    const seen = out.get(r.name);
    if (!seen || r.retry_count >= seen.retry_count) out.set(r.name, r);
  }
  return out;
}

/** An action whose latest attempt failed (earlier attempts that a retry made good do not count). */
export function anyFailed(rows: readonly ActionRow[]): boolean {
  return [...latestAttempts(rows).values()].some((r) => r.status === 'failed');
}

/**
 * The next step from the actions' rows: a pending row is resumed; with none finished the
 * first action starts; after a completed or skipped action the one after it; after a failed
 * one its retry while `retry.limit` allows, else the next action that has an `if` (the ones
 * without get no row); nothing left ends the run.
 */
export function nextStep(
  actions: readonly PlaybookAction[],
  rows: readonly ActionRow[],
  random: () => number = Math.random,
): Step {
  const index = new Map(actions.map((a, i) => [a.name, i]));
  const pending = rows.find((r) => PENDING.has(r.status) && index.has(r.name));
  if (pending) return { kind: 'resume', action: actions[index.get(pending.name) ?? 0]!, row: pending };
  let last: { row: ActionRow; i: number } | undefined;
  for (const row of rows) {
    const i = index.get(row.name);
    if (i === undefined || !isFinalActionStatus(row.status)) continue;
    if (!last || i > last.i || (i === last.i && row.retry_count > last.row.retry_count)) last = { row, i };
  }
  if (!last) return actions[0] ? { kind: 'next', action: actions[0] } : { kind: 'end' };
  if (last.row.status === 'failed') {
    const action = actions[last.i]!;
    const limit = action.retry?.limit ?? 0;
    if (last.row.retry_count < limit) {
      const n = last.row.retry_count;
      return { kind: 'retry', action, attempt: n + 1, waitMs: retryWaitMs(action.retry, n, random) };
    }
    const withIf = actions.slice(last.i + 1).find((a) => conditionOf(a) !== undefined);
    return withIf ? { kind: 'next', action: withIf } : { kind: 'end' };
  }
  const following = actions[last.i + 1];
  return following ? { kind: 'next', action: following } : { kind: 'end' };
}
