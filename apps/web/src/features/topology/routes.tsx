import { Network } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { componentsSource } from './search.js';

/** `/topology/{id}` → the id, from the address the page is opened with. */
function idFromPath(): string | undefined {
  return /\/topology\/([^/?#]+)/.exec(window.location.pathname)?.[1];
}

const page = () => {
  // The tree is the page's one large request: start it alongside the page's code (opened at
  // /topology, or at / which leads there). Reached from another page, the address is not
  // /topology yet: the page asks itself.
  if (/^\/(topology(\/|$)|$)/.test(window.location.pathname))
    void Promise.all([import('./api/topologyApi.js'), import('./lib/useTopologyParams.js')]).then(
      ([api, p]) => api.prefetchTree({ ...p.filtersFromLocation(window.location.search), id: idFromPath() }),
    );
  return import('./pages/TopologyPage.js').then((m) => m.TopologyPage);
};
const guard = { resource: 'topologies', action: 'read' } as const;

/** Topology area: the home page's component cards. */
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
