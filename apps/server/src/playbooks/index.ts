import type { DomainModule } from '../platform/domain.js';
import { playbookRoutes } from './routes.js';
import { playbookWriteHook } from './write-hook.js';

/**
 * Playbooks (docs/playbooks.md): specs through the data API, the run API (/api/playbook/*),
 * approvals and the triggers that create runs. Runs are created here and executed by the engine.
 */
export const playbooksDomain: DomainModule = {
  name: 'playbooks',
  routes: playbookRoutes,
  jobs: [
    // playbook engine jobs: ./engine/index.js
  ],
  writeHooks: { playbooks: playbookWriteHook },
};
