import type { DomainModule } from '../platform/domain.js';
import { healthJobs } from './jobs.js';
import { healthHistorySeed } from './history-seed.js';
import { healthRoutes } from './routes.js';
import { healthFileRootsSeed, healthSeed } from './seed.js';
import { canaryWriteHook } from './write-hook.js';

export { syncCanaryChecks } from './sync.js';
export { checkConnections } from './check-connections.js';
// Agents' pushed results count in the summary like local ones.
export { refreshCheckStats } from './pushed-stats.js';
// Agents run located checks for this server and push their results (docs/health.md, "Locations and quorum").
export { checksLocatedAt, locatedCanariesFor, type LocatedCanary } from './located-agents.js';
export { decideLocatedChecks, recordLocationResult } from './location-results.js';
export { runCheckBatch, type BatchCheck } from './check-batch.js';
export { definedChecks } from './canary-spec.js';
// Topologies run lookups with the check runners and own inline canaries.
export { CanarySpecError, parseCanarySpec } from './canary-spec.js';
export { executeCheck, resolveSpecValues, type CheckResult } from './run-check.js';
export { executeOptions, templateVars, type HealthContext } from './runtime.js';
// Playbooks read `valueFrom` (secrets, config maps, connections) the way checks do.
export { resolveValueRefs, type ValueSources } from './checks/env.js';
export { kubeValueReader, serverHasCluster } from './checks/kube-values.js';

/** Canaries and their checks: runners, scheduling, results, summary and graph. */
export const healthDomain: DomainModule = {
  name: 'health',
  routes: healthRoutes,
  jobs: healthJobs,
  seeds: [healthSeed, healthHistorySeed, healthFileRootsSeed],
  writeHooks: { canaries: canaryWriteHook },
};
