import type { AgentConfig } from '../config.js';
import type { ServerContext } from '../context.js';
import type { AgentActionResult } from '../playbooks/index.js';
import type { PullCursor } from './agent-pull.js';
import { UpstreamClient } from './upstream-client.js';

/** First retry after a failed push; doubles with each failure in a row, up to the cap. */
export const PUSH_BACKOFF_BASE_MS = 5_000;
export const PUSH_BACKOFF_MAX_MS = 5 * 60_000;

/** What an agent-mode server keeps between job runs (never persisted: the rows' is_pushed is). */
export type AgentRuntime = {
  config: AgentConfig;
  client: UpstreamClient;
  cursor: PullCursor;
  failures: number;
  /** Epoch ms before which the push job waits (back-off while the upstream is away). */
  nextPushAt: number;
  /** Outcomes of playbook actions run here, not yet acknowledged by the upstream. */
  actionResults: AgentActionResult[];
  /** The playbook action loop is running (one per process). */
  actionLoop: boolean;
};

const runtimes = new WeakMap<ServerContext, AgentRuntime>();

/** The agent state of this server, or undefined when it is no agent (no UPSTREAM_URL). */
export function agentRuntime(ctx: ServerContext): AgentRuntime | undefined {
  const config = ctx.config.agent;
  if (!config) return undefined;
  let rt = runtimes.get(ctx);
  if (!rt) {
    rt = {
      config,
      client: new UpstreamClient(config, ctx.config.outbound),
      cursor: {},
      failures: 0,
      nextPushAt: 0,
      actionResults: [],
      actionLoop: false,
    };
    runtimes.set(ctx, rt);
  }
  return rt;
}

/** The wait after `failures` failed pushes in a row. */
export function backoffMs(failures: number): number {
  return Math.min(PUSH_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), PUSH_BACKOFF_MAX_MS);
}

/** Closes the upstream connections (server shutdown, tests). */
export async function closeAgentRuntime(ctx: ServerContext): Promise<void> {
  const rt = runtimes.get(ctx);
  runtimes.delete(ctx);
  await rt?.client.close();
}
