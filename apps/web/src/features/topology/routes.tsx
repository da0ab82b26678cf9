import { Network } from 'lucide-react';
import type { FeatureModule } from '../../app/feature.js';
import { lazyPage } from '../../app/lazyPage.js';
import { componentsSource } from './search.js';

const page = () => import('./pages/TopologyPage.js').then((m) => m.TopologyPage);
const guard = { resource: 'topologies', action: 'read' } as const;

/** Topology area: the home page's component cards (spec 2, Topology dashboard). */
export const feature: FeatureModule = {
  routes: [
    { path: 'topology', ...lazyPage(page, guard) },
    { path: 'topology/:id', ...lazyPage(page, guard) },
  ],
  // Standalone view without the shell, for embedding.
  bareRoutes: [
    {
      path: '/view/topology/:id',
      ...lazyPage(
        () => import('./pages/StandaloneTopologyPage.js').then((m) => m.StandaloneTopologyPage),
        guard,
      ),
    },
  ],
  nav: [
    {
      id: 'topology',
      label: 'Dashboard',
      href: '/topology',
      icon: Network,
      resource: 'topologies',
      feature: 'topology',
      section: 'main',
      order: 0,
    },
  ],
  searchSources: [componentsSource],
};
