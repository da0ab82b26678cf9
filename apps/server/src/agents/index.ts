import type { DomainModule } from '../platform/domain.js';
import { agentJobs } from './jobs.js';
import { agentsRoutes } from './routes.js';
import { agentWriteHook } from './write-hook.js';

/**
 * Agents: the upstream side (generate and delete agents, the /api/upstream API agents call)
 * and agent mode (the push, ping and pull jobs of a server started with UPSTREAM_URL).
 */
export const agentsDomain: DomainModule = {
  name: 'agents',
  routes: agentsRoutes,
  jobs: agentJobs,
  writeHooks: { agents: agentWriteHook },
};
