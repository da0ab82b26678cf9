import { Activity } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** Public status pages: the page anyone may open, and Settings › Status Pages. */
export const feature: FeatureModule = {
  bareRoutes: [
    {
      path: '/status/:slug',
      ...lazyPage(() => import('./pages/PublicStatusPage.js').then((m) => m.PublicStatusPageRoute)),
    },
  ],
  routes: [
    {
      path: 'settings/status-pages',
      ...lazyPage(() => import('./pages/StatusPagesPage.js').then((m) => m.StatusPagesPage), {
        resource: 'status_pages',
        action: 'read',
      }),
    },
    {
      path: 'settings/status-pages/new',
      ...lazyPage(() => import('./pages/StatusPageDetailPage.js').then((m) => m.StatusPageDetailPage), {
        resource: 'status_pages',
        action: 'write',
      }),
    },
    {
      path: 'settings/status-pages/:id',
      ...lazyPage(() => import('./pages/StatusPageDetailPage.js').then((m) => m.StatusPageDetailPage), {
        resource: 'status_pages',
        action: 'read',
      }),
    },
  ],
  nav: [
    {
      id: 'settings-status-pages',
      label: 'Status Pages',
      href: '/settings/status-pages',
      icon: Activity,
      resource: 'status_pages',
      section: 'settings',
    },
  ],
};
