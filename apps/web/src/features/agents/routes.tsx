import { Network } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

const page = () =>
  lazyPage(() => import('./pages/AgentsPage.js').then((m) => m.AgentsPage), {
    resource: 'agents',
    action: 'read',
  });

/** Agents: the same page at /agents and at Settings → Agents. */
export const feature: FeatureModule = {
  routes: [
    { path: 'agents', ...page() },
    { path: 'settings/agents', ...page() },
  ],
  nav: [
    {
      id: 'settings-agents',
      label: 'Agents',
      href: '/settings/agents',
      icon: Network,
      resource: 'agents',
      feature: 'agents',
      section: 'settings',
    },
  ],
};
