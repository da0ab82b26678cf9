import type { ServerContext } from '../context.js';
import { pause } from '../lib/abort.js';
import { runHandedAction } from '../playbooks/index.js';
import { backoffMs, type AgentRuntime } from './agent-runtime.js';
import { UpstreamError } from './upstream-client.js';

/** How long one poll asks the upstream to wait for work (its maximum). */
export const AGENT_POLL_WAIT_SECONDS = 45;

export type AgentActionLoopOptions = {
  waitSeconds?: number;
  /** The wait after `failures` failed calls in a row (tests shorten it). */
  backoff?: (failures: number) => number;
};

/** A 4xx that says the body is wrong: sending it again cannot help. */
const rejected = (e: unknown) => e instanceof UpstreamError && [400, 413, 422].includes(e.status ?? 0);

/**
 * Agent mode's playbook loop: long-polls the upstream for an action to run here, runs it, and
 * pushes its outcome (`playbook_actions`) before polling again. While the upstream is away it
 * backs off and keeps the outcomes it owes in memory, sending them when it is back; the
 * upstream fails an attempt whose outcome never comes by its deadline.
 */
export async function runAgentActionLoop(
  ctx: ServerContext,
  rt: AgentRuntime,
  signal: AbortSignal,
  o: AgentActionLoopOptions = {},
): Promise<{ ran: number; failed: number }> {
  const waitSeconds = o.waitSeconds ?? AGENT_POLL_WAIT_SECONDS;
  const backoff = o.backoff ?? backoffMs;
  const counts = { ran: 0, failed: 0 };
  let failures = 0;
  const awayFor = async (e: unknown, what: string) => {
    failures += 1;
    const wait = backoff(failures);
    ctx.log.warn({ err: e, retryInMs: wait }, `${what} failed; trying again after a back-off`);
    await pause(wait, signal);
  };
  while (!signal.aborted) {
    if (rt.actionResults.length) {
      const sending = rt.actionResults.slice();
      try {
        const answer = await rt.client.pushRaw(JSON.stringify({ playbook_actions: sending }));
        for (const r of answer.refused)
          ctx.log.warn({ action: r.key, reason: r.reason }, 'the upstream refused a playbook action outcome');
        rt.actionResults.splice(0, sending.length);
        failures = 0;
      } catch (e) {
        if (rejected(e)) {
          ctx.log.error({ err: e }, 'the upstream rejected playbook action outcomes; dropping them');
          rt.actionResults.splice(0, sending.length);
        } else await awayFor(e, 'pushing playbook action outcomes');
        continue;
      }
    }
    let payload;
    try {
      payload = await rt.client.playbookAction(waitSeconds, signal);
      failures = 0;
    } catch (e) {
      if (signal.aborted) break;
      await awayFor(e, 'polling the upstream for playbook actions');
      continue;
    }
    if (!payload) continue;
    const result = await runHandedAction(ctx, payload, signal);
    counts.ran += 1;
    if (result.status === 'failed') counts.failed += 1;
    rt.actionResults.push(result);
  }
  return counts;
}
