import type { z } from 'zod';
import type { RunnableCheckType } from '@opsdeck/shared';
import type { Queryable } from '../../db/types.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { SandboxPolicy } from '../../sandbox/policy.js';

/** What a runner needs besides the check spec. */
export type RunContext = {
  /** Fires when the check's time limit is reached; runners stop their I/O promptly. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Scripts (exec) and file reads (folder) go through the sandbox. */
  sandbox: SandboxPolicy;
  /** Every connection to a peer named in the spec goes through it (net/outbound.ts). */
  outbound: OutboundPolicy;
  /** The server's database, for checks over our own catalog (catalog, configDB); absent in bare runs. */
  db?: Queryable;
};

/**
 * A runner's verdict. `data` is what `test` and `display` expressions see (for http:
 * code, headers, content, json, sslAge…) and is stored, trimmed, in check_statuses.details.
 */
export type RunOutcome = {
  pass: boolean;
  message: string;
  error?: string;
  data: Record<string, unknown>;
};

/** One check type: its spec schema, how to name its endpoint, and how to run it. */
export type CheckRunner<S> = {
  type: RunnableCheckType;
  schema: z.ZodType<S>;
  /** What the dashboard shows as the check's endpoint (never with credentials). */
  endpoint(spec: S): string;
  run(spec: S, ctx: RunContext): Promise<RunOutcome>;
};

export const pass = (message: string, data: Record<string, unknown> = {}): RunOutcome => ({
  pass: true,
  message,
  data,
});
export const fail = (error: string, data: Record<string, unknown> = {}, message = ''): RunOutcome => ({
  pass: false,
  message,
  error,
  data,
});

/** Query parameters whose values are credentials (`?token=`, `&api_key=`, `&sig=`). */
const SECRET_PARAM = /(token|key|password|passwd|secret|signature|sig|auth)/i;

/** Hides the password and secret-named query parameters of a URL before it is shown or stored. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '****';
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) u.searchParams.set(name, '****');
    }
    return u.toString();
  } catch {
    return raw.replace(/:\/\/([^:@/]+):[^@/]+@/, '://$1:****@');
  }
}
