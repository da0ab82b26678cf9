import { HeartPulse } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { checkDetailsAction } from './resourceActions.js';
import { checksSource } from './search.js';

/** Health area: the dashboard and Settings › Health Checks. */
export const feature: FeatureModule = {
  bareRoutes: [
    {
      path: '/view/health',
      ...lazyPage(() => import('./pages/HealthRoute.js').then((m) => m.EmbeddedHealthRoute)),
    },
  ],
  routes: [
    {
      path: 'health',
      // Opened on /health, the entry module has asked for the first page already (early.ts).
      ...lazyPage(() => import('./pages/HealthRoute.js').then((m) => m.HealthRoute)),
    },
    {
      path: 'settings/canaries',
      ...lazyPage(() => import('./settings/CanariesPage.js').then((m) => m.CanariesPage), {
        resource: 'canaries',
        action: 'read',
      }),
    },
    {
      path: 'settings/canaries/new',
      ...lazyPage(() => import('./settings/CanaryDetailPage.js').then((m) => m.CanaryDetailPage), {
        resource: 'canaries',
        action: 'write',
      }),
    },
    {
      path: 'settings/canaries/:id',
      ...lazyPage(() => import('./settings/CanaryDetailPage.js').then((m) => m.CanaryDetailPage), {
        resource: 'canaries',
        action: 'read',
      }),
    },
  ],
  nav: [
    {
      id: 'health',
      label: 'Health',
      href: '/health',
      icon: HeartPulse,
      resource: 'canaries',
      feature: 'health',
      section: 'main',
      order: 20,
    },
    {
      id: 'settings-health',
      label: 'Health Checks',
      href: '/settings/canaries',
      icon: HeartPulse,
      resource: 'canaries',
      feature: 'settings.health',
      section: 'settings',
    },
  ],
  searchSources: [checksSource],
  resourceActions: [checkDetailsAction],
};
