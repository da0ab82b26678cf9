import type { Server } from 'node:http';
import { connectionResolver } from '../connections/index.js';
import type { ServerContext } from '../context.js';
import { outboundPolicy } from '../net/outbound.js';
import { sandboxPolicy } from '../sandbox/policy.js';
import { kubeValueReader, serverHasCluster } from './checks/kube-values.js';
import { Limiter } from '../lib/limiter.js';
import { DEFAULT_CHECK_TIMEOUT_MS, type ExecuteOptions } from './run-check.js';

export type HealthContext = Pick<ServerContext, 'config' | 'db' | 'metrics' | 'log'>;

type Runtime = { limiter: Limiter; server?: Server };
const runtimes = new WeakMap<HealthContext['config'], Runtime>();

/** Per-process health state: the check concurrency limiter and the listening HTTP server. */
function runtime(ctx: HealthContext): Runtime {
  let r = runtimes.get(ctx.config);
  if (!r) {
    r = { limiter: new Limiter(ctx.config.health.checkConcurrency) };
    runtimes.set(ctx.config, r);
  }
  return r;
}

export function checkLimiter(ctx: HealthContext): Limiter {
  return runtime(ctx).limiter;
}

/** Remembers the HTTP server so `{{port}}` resolves to the port really listened on. */
export function setListeningServer(ctx: HealthContext, server: Server): void {
  runtime(ctx).server = server;
}

/** Values for `{{port}}` and `{{dataDir}}` in check specs, read at run time. */
export function templateVars(ctx: HealthContext): Record<string, string> {
  const address = runtime(ctx).server?.address();
  const port = address && typeof address === 'object' && address.port ? address.port : ctx.config.port;
  return { port: String(port), dataDir: ctx.config.dataDir };
}

export function executeOptions(ctx: HealthContext): ExecuteOptions {
  const outbound = outboundPolicy(ctx.config.outbound);
  return {
    defaultTimeoutMs: DEFAULT_CHECK_TIMEOUT_MS,
    sandbox: sandboxPolicy(ctx.config),
    templateVars: templateVars(ctx),
    outbound,
    connections: connectionResolver(ctx),
    // valueFrom secrets and config maps come from the server's own cluster, when it has one.
    ...(serverHasCluster() ? { kubernetes: kubeValueReader('server', outbound) } : {}),
    db: ctx.db,
  };
}
