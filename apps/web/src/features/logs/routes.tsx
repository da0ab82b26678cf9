import { ScrollText } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

// Logs are part of the topology: reading them needs read on topologies.
const guard = { resource: 'topologies', action: 'read' } as const;

/** Logs area: a component's logs through its log selectors (POST /api/logs). */
export const feature: FeatureModule = {
  routes: [{ path: 'logs', ...lazyPage(() => import('./pages/LogsPage.js').then((m) => m.LogsPage), guard) }],
  nav: [
    {
      id: 'logs',
      label: 'Logs',
      href: '/logs',
      icon: ScrollText,
      resource: 'topologies',
      feature: 'logs',
      section: 'main',
      // Sidebar order: Dashboard, Health, Incidents, Catalog, Logs, Playbooks.
      order: 50,
    },
  ],
};
