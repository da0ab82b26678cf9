import { HeartPulse } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { serverWindow } from './lib/timeRange.js';
import { DASHBOARD_FIRST_ROWS, dashboardRequest, parseHealthParams } from './lib/useHealthParams.js';
import { checkDetailsAction } from './resourceActions.js';
import { checksSource } from './search.js';

/** The first page the dashboard will ask for, from the URL it is opened with. */
function firstDashboardPage() {
  const params = new URLSearchParams(window.location.search);
  const p = parseHealthParams(params);
  const rows = Number.parseInt(params.get('pageSize') ?? '', 10);
  return dashboardRequest(p, serverWindow(p.timeRange), rows > 0 ? rows : DASHBOARD_FIRST_ROWS);
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
        // The checks are the page's main request: start it alongside the page's code. Reached
        // from another page, the address is not /health yet: the page asks itself.
        if (window.location.pathname === '/health')
          void import('./api/dashboard.js').then((m) => m.prefetchDashboardPage(firstDashboardPage()));
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
