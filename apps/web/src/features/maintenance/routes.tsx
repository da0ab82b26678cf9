import { Wrench } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';

/** Settings → Maintenance: planned windows that hold notifications and spare uptime. */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/maintenance',
      ...lazyPage(() => import('./pages/MaintenancePage.js').then((m) => m.MaintenancePage), {
        resource: 'maintenance',
        action: 'read',
      }),
    },
  ],
  nav: [
    {
      id: 'settings-maintenance',
      label: 'Maintenance',
      href: '/settings/maintenance',
      icon: Wrench,
      resource: 'maintenance',
      feature: 'settings.maintenance',
      section: 'settings',
    },
  ],
};
