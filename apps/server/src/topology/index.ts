import type { DomainModule } from '../platform/domain.js';
import { topologyJobs } from './jobs.js';
import { topologyRoutes } from './routes.js';
import { topologySeed } from './seed.js';
import { topologyWriteHook } from './write-hook.js';

/** Topologies: specs built into components, status roll-up, tree and snapshots. */
export const topologyDomain: DomainModule = {
  name: 'topology',
  routes: topologyRoutes,
  jobs: topologyJobs,
  seeds: [topologySeed],
  writeHooks: { topologies: topologyWriteHook },
};
