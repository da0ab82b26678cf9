import { HeartPulse } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { serverWindow } from './lib/timeRange.js';
import { checkDetailsAction } from './resourceActions.js';
import { checksSource } from './search.js';

/** The summary window the dashboard will ask for, from the URL it is opened with. */
function dashboardWindow(): string {
  const params = new URLSearchParams(window.location.search);
  return serverWindow(params.get('timeRange') ?? '1h');
}

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
      ...lazyPage(async () => {
        // The summary is the page's one large request: start it alongside the page's code.
        void import('./api/summary.js').then((m) => m.prefetchChecksSummary(dashboardWindow()));
        return import('./pages/HealthRoute.js').then((m) => m.HealthRoute);
      }),
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
