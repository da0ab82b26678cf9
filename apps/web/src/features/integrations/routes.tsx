import { Plug } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** The integrations area: the list (read) and an integration's page (write, as the spec asks). */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/integrations',
      ...lazyPage(() => import('./pages/IntegrationsPage.js').then((m) => m.IntegrationsPage), {
        resource: 'integrations',
        action: 'read',
      }),
    },
    {
      path: 'settings/integrations/:type/:id',
      ...lazyPage(() => import('./pages/IntegrationDetailPage.js').then((m) => m.IntegrationDetailPage), {
        resource: 'integrations',
        action: 'write',
      }),
    },
  ],
  nav: [
    {
      id: 'settings-integrations',
      label: 'Integrations',
      href: '/settings/integrations',
      icon: Plug,
      resource: 'integrations',
      feature: 'settings.integrations',
      section: 'settings',
    },
  ],
};
