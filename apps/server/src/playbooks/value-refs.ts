import { connectionResolver } from '../connections/index.js';
import type { ServerContext } from '../context.js';
import { kubeValueReader, resolveValueRefs, serverHasCluster, type ValueSources } from '../health/index.js';
import { outboundPolicy } from '../net/outbound.js';

/**
 * Where a playbook's `valueFrom` references are read (docs/playbooks.md, "Values from secrets"):
 * the one mechanism checks use (health/checks/env.ts) — `secretKeyRef` / `configMapKeyRef` from
 * the server's own cluster in the playbook's namespace, `connection` from the stored connections
 * (sealed by the server's secret store). Anything else (`helmRef`, `serviceAccount`) is refused
 * with a message naming the field.
 */
export function playbookValueSources(
  ctx: ServerContext,
  namespace: string,
  signal: AbortSignal,
): ValueSources {
  const outbound = outboundPolicy(ctx.config.outbound);
  return {
    connections: connectionResolver(ctx),
    ...(serverHasCluster() ? { kubernetes: kubeValueReader('server', outbound) } : {}),
    namespace,
    signal,
  };
}

/** `value` with every `{valueFrom: …}` inside it replaced by `{value: …}`; throws naming the field. */
export function withValuesResolved<T>(value: T, sources: ValueSources, where: string): Promise<T> {
  return resolveValueRefs(value, sources, where) as Promise<T>;
}
