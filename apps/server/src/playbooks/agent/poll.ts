import type { ServerContext } from '../../context.js';
import { secretBox } from '../../lib/secrets/index.js';
import { playbookValueSources } from '../value-refs.js';
import { claimAgentAction, type AgentRef } from './handout.js';
import type { AgentActionPayload } from './wire.js';
import { waitForAgentWork } from './wake.js';

/** The longest a poll waits for work, as Mission Control's. */
export const AGENT_POLL_MAX_MS = 45_000;
// Looks again this often even without a notification (a LISTEN missed or unavailable).
const RECHECK_MS = 2_000;

/**
 * The agent's long poll: an attempt waiting for it, claimed, as soon as there is one, or
 * undefined after `waitMs` (or when the request goes away).
 */
export async function pollAgentAction(
  ctx: ServerContext,
  agent: AgentRef,
  waitMs: number,
  signal: AbortSignal,
): Promise<AgentActionPayload | undefined> {
  const until = Date.now() + Math.min(waitMs, AGENT_POLL_MAX_MS);
  for (;;) {
    const payload = await claimAgentAction(ctx.db, agent, {
      secrets: secretBox(ctx.config),
      values: (namespace) => playbookValueSources(ctx, namespace, AbortSignal.timeout(30_000)),
    });
    if (payload) return payload;
    const left = until - Date.now();
    if (left <= 0 || signal.aborted) return undefined;
    await waitForAgentWork(ctx.db, ctx.log, Math.min(left, RECHECK_MS), signal);
  }
}
